import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { freePort, quireProcess, startNatsServer, startRedisServer, waitForPort, type QuireProcess, type ServerProcess } from '@quire/testing';

/** A server under measurement: where to send requests, the cookie to send, how to stop it. */
export interface BenchTarget {
  name: string;
  url: string;
  cookie: string;
  stop(): Promise<void>;
}

const ADMIN_PASSWORD = 'bench-admin-pass';

/** A bare express handler answering the same envelope: the floor Quire's overhead is measured against. */
export async function bareExpress(): Promise<BenchTarget> {
  const port = await freePort();
  const source = `
    const express = require('express');
    const app = express();
    app.post('/api/user/info', (req, res) => res.json({ error_code: 0, data: { uid: 1, username: 'showdoc', groupid: 1 } }));
    app.listen(${port}, '127.0.0.1');`;
  const child = spawn(process.execPath, ['-e', source], { cwd: path.resolve(__dirname, '..', '..'), stdio: 'inherit' });
  await waitForPort(port);
  return { name: 'bare express', url: `http://127.0.0.1:${port}/api/user/info`, cookie: '', stop: () => kill(child) };
}

/** `npm start`'s process: the gateway and every service in one process. */
export async function embedded(): Promise<BenchTarget> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-'));
  const app = quireProcess('embedded', { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, QUIRE_ADMIN_PASSWORD: ADMIN_PASSWORD, RATE_LIMIT_PER_MINUTE: '1000' }, /running on/);
  await app.start();
  return {
    name: 'embedded',
    url: `http://127.0.0.1:${port}/api/user/info`,
    cookie: await login(port),
    stop: async () => {
      await app.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The gateway, auth and admin as separate processes over a real nats-server and redis-server. */
export async function distributed(): Promise<BenchTarget> {
  const [nats, redis]: ServerProcess[] = await Promise.all([startNatsServer(), startRedisServer()]);
  const port = await freePort();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-dist-'));
  const env = (app: string) => ({
    NATS_URL: nats.url,
    REDIS_URL: redis.url,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(root, app),
    QUIRE_ADMIN_PASSWORD: ADMIN_PASSWORD,
    RATE_LIMIT_PER_MINUTE: '1000',
  });
  const apps: QuireProcess[] = [quireProcess('gateway', env('gateway')), quireProcess('auth', env('auth')), quireProcess('admin', env('admin'))];
  await Promise.all(apps.map((app) => app.start()));
  return {
    name: 'distributed (NATS)',
    url: `http://127.0.0.1:${port}/api/user/info`,
    cookie: await login(port),
    stop: async () => {
      await Promise.all(apps.map((app) => app.stop()));
      await Promise.all([nats.dispose(), redis.dispose()]);
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

async function login(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'showdoc', password: ADMIN_PASSWORD }),
  });
  const envelope = (await response.json()) as { error_code: number; data?: { user_token?: string } };
  if (envelope.error_code !== 0 || !envelope.data?.user_token) throw new Error(`bench login failed: ${JSON.stringify(envelope)}`);
  return `cookie_token=${envelope.data.user_token}`;
}

function kill(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
