export * from './export.module';
