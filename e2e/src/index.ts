export * from './system-target';
export * from './embedded-system';
export * from './distributed-system';
export * from './co-editor';
