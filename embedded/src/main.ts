import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { loadConfig } from '@quire/config';
import { tuneHeap } from '@quire/platform';
import { startEmbeddedApp } from './embedded-app';

async function bootstrap(): Promise<void> {
  tuneHeap();
  const config = loadConfig();
  await startEmbeddedApp(config);
  const host = config.http.host === '0.0.0.0' ? 'localhost' : config.http.host;
  new Logger('Quire').log(`Quire is running on http://${host}:${config.http.port} (embedded, data in ${config.dataDir})`);
}

bootstrap().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
