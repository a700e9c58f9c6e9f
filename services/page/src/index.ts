export * from './page.module';
