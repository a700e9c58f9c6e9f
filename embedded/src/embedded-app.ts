import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { QuireConfig } from '@quire/config';
import { configureGateway } from '@quire/gateway';
import { connectTransport } from '@quire/platform';
import { EmbeddedModule } from './embedded.module';

/** Builds and starts the embedded app: the gateway's HTTP server with every service behind the in-process transport. */
export async function startEmbeddedApp(config: QuireConfig, options: { logger?: false } = {}): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(EmbeddedModule.forRoot(config), {
    bodyParser: false,
    ...(options.logger === false ? { logger: false } : {}),
  });
  configureGateway(app, config);
  connectTransport(app, { mode: 'embedded' });
  await app.startAllMicroservices();
  await app.listen(config.http.port, config.http.host);
  return app;
}
