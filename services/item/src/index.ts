export * from './item.module';
