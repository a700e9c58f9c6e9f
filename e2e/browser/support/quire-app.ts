import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { loadConfig } from '@quire/config';
import { startEmbeddedApp } from '@quire/embedded';
import { KeyValueStore, TransportClient } from '@quire/platform';
import { type Caller, type QuireContracts, Subject, type WireParams, captchaKey } from '@quire/proto';
import { freePort } from '@quire/testing';

export interface QuireApp {
  app: NestExpressApplication;
  baseUrl: string;
  /** The app's KeyValueStore (captcha codes, mail throttle). */
  kv: KeyValueStore;
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
  const app = await startEmbeddedApp(
    loadConfig({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST: webDist, QUIRE_ADMIN_PASSWORD: 'admin-pass', LANGUAGE: 'en', ...env }),
    { logger: false },
  );
  const kv = app.get(KeyValueStore);
  const transport = app.get<unknown, TransportClient<QuireContracts>>(TransportClient);
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    kv,
    captchaCode: async (clientId) => (await kv.get(captchaKey(clientId))) ?? '',
    send: <R>(subject: Subject, caller: Caller, params: WireParams) => transport.relay(subject, { caller, params }) as Promise<R>,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
