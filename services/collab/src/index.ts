export * from './collab.module';
export * from './server/collab-server';
