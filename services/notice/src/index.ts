export * from './notice.module';
