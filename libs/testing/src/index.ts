export * from './free-port';
export * from './server-process';
export * from './servers';
export * from './suite';
