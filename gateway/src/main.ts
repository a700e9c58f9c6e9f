import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { loadConfig } from '@quire/config';
import { tuneHeap } from '@quire/platform';
import { configureGateway } from './configure-gateway';
import { GatewayAppModule } from './gateway-app.module';

async function bootstrap(): Promise<void> {
  tuneHeap();
  const config = loadConfig();
  const app = await NestFactory.create<NestExpressApplication>(GatewayAppModule.forRoot(config), { bodyParser: false });
  configureGateway(app, config);
  await app.listen(config.http.port, config.http.host);
  new Logger('Gateway').log(`Quire gateway listening on http://${config.http.host}:${config.http.port} (distributed, NATS ${config.nats.url})`);
}

bootstrap().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
