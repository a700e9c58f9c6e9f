import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { loadConfig } from '@quire/config';
import { startEmbeddedApp } from '@quire/embedded';
import { KeyValueStore, TransportClient } from '@quire/platform';
import { type Caller, Subject, type WireParams, captchaKey } from '@quire/proto';
import { freePort, testCaller } from '@quire/testing';

export interface QuireApp {
  app: NestExpressApplication;
  baseUrl: string;
  /** The code behind the captcha image last loaded by the browser with this `quire_client` id. */
  captchaCode(clientId: string): Promise<string>;
  /** A message over the app's transport, as another service would send it (notices). */
  send<R = unknown>(subject: Subject, caller: Caller, params: WireParams): Promise<R>;
  close(): Promise<void>;
}

/** The real embedded app (gateway + every service) on a free port, a temp DATA_DIR and the built web/dist. */
export async function startQuire(webDist: string, env: Record<string, string> = {}): Promise<QuireApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-browser-'));
  const port = await freePort();
  const app = await (process.env.DEV_BOOT ? devBoot : startEmbeddedApp)(
    loadConfig({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST: webDist, QUIRE_ADMIN_PASSWORD: 'admin-pass', LANGUAGE: 'en', ...env }),
    { logger: false },
  );
  const kv = app.get(KeyValueStore);
  const transport = app.get(TransportClient);
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    captchaCode: async (clientId) => (await kv.get(captchaKey(clientId))) ?? '',
    send: (subject, caller, params) => transport.send(subject, { caller, params }),
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export { testCaller, Subject };

// DEV-ONLY (remove): boots without the export jobs while the export service is being written.
async function devBoot(config: import('@quire/config').QuireConfig, options: { logger?: false }): Promise<NestExpressApplication> {
  const { NestFactory } = await import('@nestjs/core');
  const { Module } = await import('@nestjs/common');
  const { configureGateway, GatewayModule } = await import('@quire/gateway');
  const { PlatformModule, connectTransport } = await import('@quire/platform');
  const { JobName } = await import('@quire/proto');
  const { AuthModule } = await import('@quire/auth-service');
  const { ItemModule } = await import('@quire/item-service');
  const { PageModule } = await import('@quire/page-service');
  const { TeamModule } = await import('@quire/team-service');
  const { NoticeModule } = await import('@quire/notice-service');
  const { AdminModule } = await import('@quire/admin-service');
  @Module({})
  class DevModule {}
  const app = await NestFactory.create<NestExpressApplication>(
    {
      module: DevModule,
      imports: [
        PlatformModule.forRoot({ mode: 'embedded', config, consumes: Object.values(JobName).filter((n) => !String(n).startsWith('export.')) }),
        GatewayModule, AuthModule, ItemModule, PageModule, TeamModule, NoticeModule, AdminModule,
      ],
    },
    { bodyParser: false, ...(options.logger === false ? { logger: false as const } : {}) },
  );
  configureGateway(app, config);
  connectTransport(app, { mode: 'embedded' });
  await app.startAllMicroservices();
  await app.listen(config.http.port, config.http.host);
  return app;
}
