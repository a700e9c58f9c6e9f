import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Redis from 'ioredis';
import {
  describeWith,
  freePort,
  quireProcess,
  startNatsServer,
  startRedisServer,
  startS3Server,
  type QuireApp,
  type QuireProcess,
  type S3Server,
  type ServerProcess,
} from '@quire/testing';
import { SYSTEM_ADMIN_PASSWORD } from './embedded-system';
import type { SystemTarget } from './system-target';

/** The services a distributed system runs behind its gateway. */
export type ServiceApp = Exclude<QuireApp, 'gateway' | 'embedded'>;

export interface DistributedSystemOptions {
  services: ServiceApp[];
  /** Files in an in-process S3 server shared by every process; otherwise each app's own disk (fine without uploads). */
  s3?: boolean;
  /** How long the gateway waits for a service (REQUEST_TIMEOUT_MS). */
  requestTimeoutMs?: number;
}

/** What each app logs once it serves (libs/testing's default pattern also matches "address already in use"). */
const GATEWAY_READY = /gateway listening on/;
const SERVICE_READY = /service ready/;

/** The gateway and each service as separate OS processes over a real nats-server and redis-server. */
export interface DistributedSystem {
  target: SystemTarget;
  /** One running app, to stop or restart it. */
  process(app: ServiceApp | 'gateway'): QuireProcess;
  stop(): Promise<void>;
}

/**
 * Starts nats-server, redis-server (and S3 when asked), then the gateway and the services, each
 * with its own DATA_DIR. Files: with `s3` every process stores blobs in the same bucket, as in
 * production; the gateway streams uploads in and downloads out, the page service records and
 * deletes them.
 */
export async function startDistributedSystem(options: DistributedSystemOptions): Promise<DistributedSystem> {
  const [nats, redis]: ServerProcess[] = await Promise.all([startNatsServer(), startRedisServer()]);
  const s3: S3Server | undefined = options.s3 ? await startS3Server() : undefined;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-dist-'));
  const env = (app: string, port: number): Record<string, string> => ({
    NATS_URL: nats.url,
    REDIS_URL: redis.url,
    DATA_DIR: path.join(root, app),
    ...(port > 0 ? { PORT: String(port) } : {}),
    HOST: '127.0.0.1',
    REQUEST_TIMEOUT_MS: String(options.requestTimeoutMs ?? 3000),
    QUIRE_ADMIN_PASSWORD: SYSTEM_ADMIN_PASSWORD,
    ...(s3 ? { S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY: s3.accessKey, S3_SECRET_KEY: s3.secretKey, S3_BUCKET: s3.bucket, S3_REGION: s3.region } : {}),
  });
  const apps = new Map<ServiceApp | 'gateway', QuireProcess>();
  for (const app of options.services) apps.set(app, quireProcess(app, env(app, 0), SERVICE_READY));
  const redisClient = new Redis(redis.url);
  const stop = async (): Promise<void> => {
    await Promise.all([...apps.values()].map((app) => app.stop()));
    redisClient.disconnect();
    await Promise.all([nats.dispose(), redis.dispose(), s3?.stop()]);
    fs.rmSync(root, { recursive: true, force: true });
  };
  let port = 0;
  try {
    await Promise.all([
      ...[...apps.values()].map((app) => app.start()),
      (async () => {
        // A port free a moment ago may be taken by another suite's server meanwhile: then try another.
        for (let attempt = 1; ; attempt++) {
          port = await freePort();
          const gateway = quireProcess('gateway', env('gateway', port), GATEWAY_READY);
          apps.set('gateway', gateway);
          try {
            return await gateway.start();
          } catch (error) {
            if (attempt === 3 || !/EADDRINUSE/.test(gateway.output())) throw error;
          }
        }
      })(),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    target: { baseUrl: `http://127.0.0.1:${port}`, captchaCode: async (clientId) => (await redisClient.get(`captcha:${clientId}`)) ?? '' },
    process(app) {
      const found = apps.get(app);
      if (!found) throw new Error(`${app} is not part of this system`);
      return found;
    },
    stop,
  };
}

/** `describe` when nats-server and redis-server are installed (REQUIRE_ALL_SUITES=1 makes their absence a failure). */
export function describeDistributed(title: string, body: () => void): void {
  describeWith({ binary: 'nats-server' }, title, () => {
    describeWith({ binary: 'redis-server' }, 'over NATS and Redis', body);
  });
}
