export * from './gateway.module';
export * from './configure-gateway';
