export * from './bench-targets';
