export * from './bench-targets';
export * from './http-measure';
export * from './content-seed';
export * from './showdoc-fixture';
