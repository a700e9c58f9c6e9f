import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { loadConfig } from '@quire/config';
import { startEmbeddedApp } from '@quire/embedded';
import { KeyValueStore } from '@quire/platform';
import { freePort } from '@quire/testing';
import { describeAuthFlow } from '../scenarios/auth-flow.scenario';
import type { SystemTarget } from '../src/system-target';

describe('auth flow, embedded', () => {
  let app: NestExpressApplication;
  let dataDir: string;
  let target: SystemTarget;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-e2e-'));
    const port = await freePort();
    app = await startEmbeddedApp(loadConfig({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, QUIRE_ADMIN_PASSWORD: 'admin-pass' }), { logger: false });
    const kv = app.get(KeyValueStore);
    target = {
      baseUrl: `http://127.0.0.1:${port}`,
      captchaCode: async (clientId) => (await kv.get(`captcha:${clientId}`)) ?? '',
    };
  });

  afterAll(async () => {
    await app?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  describeAuthFlow(() => target);
});
