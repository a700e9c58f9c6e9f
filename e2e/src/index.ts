export * from './system-target';
