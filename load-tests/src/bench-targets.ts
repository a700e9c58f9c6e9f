import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { freePort, quireProcess, startNatsServer, startRedisServer, waitForPort, type QuireProcess, type ServerProcess } from '@quire/testing';

/** A server under measurement: where to send requests, the session cookie to send, how to stop it. */
export interface BenchTarget {
  name: string;
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
  cookie: string;
  /** The OS process serving the requests (to read its memory), when it is not this one. */
  pid?: number;
  stop(): Promise<void>;
}

export const ADMIN_PASSWORD = 'bench-admin-pass';

/**
 * Bare express handlers, one per path, each answering a fixed body (form bodies are parsed,
 * as a real handler would): the floor Quire's overhead is measured against. Its own process,
 * like the servers it is compared with.
 */
export async function bareExpress(routes: Record<string, string>): Promise<BenchTarget> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-bare-'));
  const routesFile = path.join(dir, 'routes.json');
  fs.writeFileSync(routesFile, JSON.stringify(routes));
  const source = `
    const express = require('express');
    const routes = require(${JSON.stringify(routesFile)});
    const app = express();
    app.use(express.urlencoded({ extended: false, limit: '1mb' }));
    for (const [route, body] of Object.entries(routes)) app.post(route, (req, res) => res.type('application/json').send(body));
    app.listen(${port}, '127.0.0.1');`;
  const child = spawn(process.execPath, ['-e', source], { cwd: path.resolve(__dirname, '..', '..'), stdio: 'inherit' });
  await waitForPort(port);
  return {
    name: 'bare express',
    baseUrl: `http://127.0.0.1:${port}`,
    cookie: '',
    pid: child.pid,
    stop: async () => {
      await kill(child);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** `npm start`'s process: the gateway and every service in one process. */
export async function embedded(): Promise<BenchTarget> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-'));
  const app = quireProcess('embedded', { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, QUIRE_ADMIN_PASSWORD: ADMIN_PASSWORD, RATE_LIMIT_PER_MINUTE: '1000' });
  await app.start();
  return {
    name: 'embedded',
    baseUrl: `http://127.0.0.1:${port}`,
    cookie: await login(port),
    pid: app.pid(),
    stop: async () => {
      await app.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      // The secret key file the app made beside its DATA_DIR.
      fs.rmSync(`${dataDir}.key`, { force: true });
    },
  };
}

/** The gateway, auth and admin as separate processes over a real nats-server and redis-server. */
export async function distributed(): Promise<BenchTarget> {
  const [nats, redis]: ServerProcess[] = await Promise.all([startNatsServer({ jetstream: true }), startRedisServer()]);
  const port = await freePort();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-dist-'));
  const secretKey = randomBytes(32).toString('base64');
  const env = (app: string) => ({
    QUIRE_SECRET_KEY: secretKey,
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
    baseUrl: `http://127.0.0.1:${port}`,
    cookie: await login(port),
    stop: async () => {
      await Promise.all(apps.map((app) => app.stop()));
      await Promise.all([nats.dispose(), redis.dispose()]);
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Milliseconds of CPU one clock tick stands for (`getconf CLK_TCK`, 100 on Linux). */
const MS_PER_TICK = 1000 / (Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100);

/** CPU time (user + system) a process has used so far, in ms, from /proc/<pid>/stat. */
export function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which may hold spaces: state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
}

/** Resident memory of a process in bytes, from /proc (Linux). */
export function residentBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}

/** Logs in as the administrator; the cookies a browser then sends (session and client id), as a Cookie header. */
export async function login(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'showdoc', password: ADMIN_PASSWORD }),
  });
  const envelope = (await response.json()) as { error_code: number; data?: { user_token?: string } };
  if (envelope.error_code !== 0 || !envelope.data?.user_token) throw new Error(`bench login failed: ${JSON.stringify(envelope)}`);
  // The browser's client-id cookie too: without it the gateway would mint a new one on every request.
  const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0]);
  return cookies.join('; ');
}

function kill(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The embedded app on a DATA_DIR that outlives its restarts (the storage and search benches restart it on purpose). */
export class LastingEmbedded {
  readonly root: string;
  readonly dataDir: string;
  readonly baseUrl: string;
  private readonly app: QuireProcess;

  constructor(
    readonly port: number,
    bench: string,
  ) {
    this.root = fs.mkdtempSync(path.join(os.tmpdir(), `quire-bench-${bench}-`));
    this.dataDir = path.join(this.root, 'data');
    this.baseUrl = `http://127.0.0.1:${port}`;
    this.app = quireProcess('embedded', { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: this.dataDir, QUIRE_ADMIN_PASSWORD: ADMIN_PASSWORD, RATE_LIMIT_PER_MINUTE: '100000000' });
  }

  get pid(): number {
    return this.app.pid() as number;
  }

  /** What the process has logged since it was started. */
  output(): string {
    return this.app.output();
  }

  start(): Promise<void> {
    return this.app.start();
  }

  async stop(): Promise<void> {
    await this.app.stop();
  }

  /** Stops the app and removes its DATA_DIR and the key file beside it. */
  async dispose(): Promise<void> {
    await this.app.stop();
    fs.rmSync(this.root, { recursive: true, force: true });
  }
}
