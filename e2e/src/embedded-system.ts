import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadConfig } from '@quire/config';
import { startEmbeddedApp } from '@quire/embedded';
import { KeyValueStore } from '@quire/platform';
import { freePort } from '@quire/testing';
import type { SystemTarget } from './system-target';

/** `npm start`'s app, booted in the test process on a free port with a fresh DATA_DIR. */
export interface EmbeddedSystem {
  target: SystemTarget;
  /** The Nest app, for what a test sets up behind the API (stores, clocks). */
  app: Awaited<ReturnType<typeof startEmbeddedApp>>;
  dataDir: string;
  stop(): Promise<void>;
}

export const SYSTEM_ADMIN_PASSWORD = 'admin-pass';

export async function startEmbeddedSystem(env: Record<string, string> = {}): Promise<EmbeddedSystem> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-e2e-'));
  const port = await freePort();
  let app: EmbeddedSystem['app'];
  try {
    app = await startEmbeddedApp(loadConfig({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, QUIRE_ADMIN_PASSWORD: SYSTEM_ADMIN_PASSWORD, ...env }), { logger: false });
  } catch (error) {
    removeDataDir(dataDir);
    throw error;
  }
  const kv = app.get(KeyValueStore);
  return {
    app,
    dataDir,
    target: {
      baseUrl: `http://127.0.0.1:${port}`,
      captchaCode: async (clientId) => (await kv.get(`captcha:${clientId}`)) ?? '',
    },
    async stop() {
      await app.close();
      removeDataDir(dataDir);
    },
  };
}

/** The DATA_DIR, and the secret key file the app made beside it (`<DATA_DIR>.key`). */
function removeDataDir(dataDir: string): void {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(`${dataDir}.key`, { force: true });
}
