import { randomBytes } from 'node:crypto';
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
  startMongoWireServer,
  startS3Server,
  startTcpGate,
  type MongoWireServer,
  type QuireApp,
  type QuireProcess,
  type S3Server,
  type ServerProcess,
  type TcpGate,
} from '@quire/testing';
import { SYSTEM_ADMIN_PASSWORD } from './embedded-system';
import type { SystemTarget } from './system-target';

/** The services a distributed system runs behind its gateway. */
export type ServiceApp = Exclude<QuireApp, 'gateway' | 'embedded'>;

/** Every service of the backend: with these behind the gateway, the whole API answers. */
export const ALL_SERVICES: ServiceApp[] = ['auth', 'item', 'page', 'team', 'notice', 'admin', 'export', 'search', 'import', 'webhook', 'audit'];

export interface DistributedSystemOptions {
  services: ServiceApp[];
  /** Files in an in-process S3 server shared by every process; otherwise each app's own disk (fine without uploads). */
  s3?: boolean;
  /** How long the gateway waits for a service (REQUEST_TIMEOUT_MS). */
  requestTimeoutMs?: number;
  /**
   * Processes per service, all in the service's NATS queue group (default 1 each). Replicas
   * share what they store, as in production: documents in a MongoDB-protocol server
   * (libs/testing's, no MongoDB exists here) and files in S3, both started for them.
   */
  replicas?: Partial<Record<ServiceApp, number>>;
  /** Every service keeps its documents in the shared MongoDB-protocol server, not only replicated ones. */
  sharedDocuments?: boolean;
  /** More environment for every process (e.g. RATE_LIMIT_PER_MINUTE for a load test). */
  env?: Record<string, string>;
  /**
   * Every service process reaches Redis (and MongoDB) through gates of its own (libs/testing's TcpGate),
   * so a test can make a store unreachable for one replica while the others and the gateway keep it.
   */
  gates?: boolean;
  /** Redis keeps every write in an append-only file (fsync always), so what it held survives a stop and start, as in production. */
  persistentRedis?: boolean;
}

/** The stores one service process reaches through its own gates (`gates: true`). */
export interface ProcessGates {
  redis: TcpGate;
  mongo?: TcpGate;
}

/** What each app logs once it serves (libs/testing's default pattern also matches "address already in use"). */

/** The gateway and each service as separate OS processes over a real nats-server and redis-server. */
export interface DistributedSystem {
  target: SystemTarget;
  /** One running app, to stop or restart it. */
  process(app: ServiceApp | 'gateway'): QuireProcess;
  /** Every process of a service (its replicas), in start order. */
  replicas(app: ServiceApp): QuireProcess[];
  /** `http://127.0.0.1:<HEALTH_PORT>` of a service's replica (its `/healthz` and `/readyz`). */
  health(app: ServiceApp, replica?: number): string;
  /** The gates of a service's replica (only with `gates: true`). */
  gates(app: ServiceApp, replica?: number): ProcessGates;
  /** The servers behind the apps, to stop and start them (faults). */
  servers: { nats: ServerProcess; redis: ServerProcess; s3?: S3Server; mongo?: MongoWireServer };
  /** `http://127.0.0.1:<COLLAB_PORT>` of each collab replica (where the gateway forwards co-editing upgrades). */
  collabUrls: string[];
  /** The directory holding every app's DATA_DIR (`<dataRoot>/<app>`). */
  dataRoot: string;
  stop(): Promise<void>;
}

/**
 * Starts nats-server, redis-server (and S3 when asked), then the gateway and the services, each
 * with its own DATA_DIR. Files: with `s3` every process stores blobs in the same bucket, as in
 * production; the gateway streams uploads in and downloads out, the page service records and
 * deletes them.
 */
export async function startDistributedSystem(options: DistributedSystemOptions): Promise<DistributedSystem> {
  const [nats, redis]: ServerProcess[] = await Promise.all([startNatsServer({ jetstream: true }), startRedisServer({ persistent: options.persistentRedis })]);
  const replicated = Object.values(options.replicas ?? {}).some((n) => (n ?? 1) > 1);
  const s3: S3Server | undefined = options.s3 || replicated ? await startS3Server() : undefined;
  const mongo: MongoWireServer | undefined = options.sharedDocuments || replicated ? await startMongoWireServer() : undefined;
  const sharesDocuments = (app: string): boolean => Boolean(mongo) && (Boolean(options.sharedDocuments) || (options.replicas?.[app as ServiceApp] ?? 1) > 1);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-dist-'));
  // One key for every process, as QUIRE_SECRET_KEY must be in production.
  const secretKey = randomBytes(32).toString('base64');
  const env = (app: string, port: number): Record<string, string> => ({
    QUIRE_SECRET_KEY: secretKey,
    NATS_URL: nats.url,
    REDIS_URL: redis.url,
    DATA_DIR: path.join(root, app),
    ...(port > 0 ? { PORT: String(port) } : {}),
    HOST: '127.0.0.1',
    REQUEST_TIMEOUT_MS: String(options.requestTimeoutMs ?? 3000),
    QUIRE_ADMIN_PASSWORD: SYSTEM_ADMIN_PASSWORD,
    ...(s3 ? { S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY: s3.accessKey, S3_SECRET_KEY: s3.secretKey, S3_BUCKET: s3.bucket, S3_REGION: s3.region } : {}),
    ...(mongo && sharesDocuments(app.replace(/-\d+$/, '')) ? { MONGO_URL: mongo.url } : {}),
    ...options.env,
  });
  const apps = new Map<ServiceApp | 'gateway', QuireProcess>();
  const copies = new Map<ServiceApp, QuireProcess[]>();
  const healthPorts = new Map<ServiceApp, number[]>();
  const gates = new Map<ServiceApp, ProcessGates[]>();
  const collabUrls: string[] = [];
  for (const app of options.services) {
    const count = Math.max(1, options.replicas?.[app] ?? 1);
    const processes: QuireProcess[] = [];
    for (let i = 0; i < count; i++) {
      const name = count > 1 ? `${app}-${i + 1}` : app;
      const healthPort = await freePort();
      const processEnv: Record<string, string> = { ...env(name, 0), HEALTH_PORT: String(healthPort) };
      if (app === 'collab') {
        const collabPort = await freePort();
        processEnv.COLLAB_PORT = String(collabPort);
        collabUrls.push(`http://127.0.0.1:${collabPort}`);
      }
      if (options.gates) {
        const gated: ProcessGates = { redis: await startTcpGate(redis.port) };
        processEnv.REDIS_URL = gated.redis.url(redis.url);
        if (mongo && processEnv.MONGO_URL) {
          gated.mongo = await startTcpGate(mongo.port);
          processEnv.MONGO_URL = gated.mongo.url(processEnv.MONGO_URL);
        }
        gates.set(app, [...(gates.get(app) ?? []), gated]);
      }
      healthPorts.set(app, [...(healthPorts.get(app) ?? []), healthPort]);
      processes.push(quireProcess(app, processEnv));
    }
    copies.set(app, processes);
    apps.set(app, processes[0]);
  }
  const all = (): QuireProcess[] => [...[...copies.values()].flat(), ...(apps.has('gateway') ? [apps.get('gateway') as QuireProcess] : [])];
  const redisClient = new Redis(redis.url);
  // Fault tests and benches stop Redis on purpose: the client reconnects by itself (a captcha read meanwhile
  // fails), so its connection errors are no news; unheard, ioredis prints each one.
  redisClient.on('error', () => undefined);
  const stop = async (): Promise<void> => {
    await Promise.all(all().map((app) => app.stop()));
    await Promise.all([...gates.values()].flat().flatMap((gated) => [gated.redis, ...(gated.mongo ? [gated.mongo] : [])].map((gate) => gate.shut())));
    redisClient.disconnect();
    await Promise.all([nats.dispose(), redis.dispose(), s3?.stop(), mongo?.dispose()]);
    fs.rmSync(root, { recursive: true, force: true });
  };
  let port = 0;
  try {
    await Promise.all([
      ...[...copies.values()].flat().map((app) => app.start()),
      (async () => {
        // A port free a moment ago may be taken by another suite's server meanwhile: then try another.
        for (let attempt = 1; ; attempt++) {
          port = await freePort();
          const gateway = quireProcess('gateway', { ...env('gateway', port), ...(collabUrls.length > 0 ? { COLLAB_URL: collabUrls.join(',') } : {}) });
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
    replicas(app) {
      const found = copies.get(app);
      if (!found) throw new Error(`${app} is not part of this system`);
      return found;
    },
    health(app, replica = 0) {
      const port = healthPorts.get(app)?.[replica];
      if (port === undefined) throw new Error(`${app} has no replica ${replica}`);
      return `http://127.0.0.1:${port}`;
    },
    gates(app, replica = 0) {
      const found = gates.get(app)?.[replica];
      if (!found) throw new Error(`${app} replica ${replica} has no gates (start the system with gates: true)`);
      return found;
    },
    servers: { nats, redis, s3, mongo },
    collabUrls,
    dataRoot: root,
    stop,
  };
}

/** `describe` when nats-server and redis-server are installed (REQUIRE_ALL_SUITES=1 makes their absence a failure). */
export function describeDistributed(title: string, body: () => void): void {
  describeWith({ binary: 'nats-server' }, title, () => {
    describeWith({ binary: 'redis-server' }, 'over NATS and Redis', body);
  });
}

/**
 * Stops Redis at a moment a page replica holds `lock`: every page replica is frozen (SIGSTOP) once the
 * lock is seen held, so the lock is in Redis's append-only file as its holder left it and the holder
 * cannot free it; `frozen` runs then, Redis stops, and the replicas go on.
 */
export async function stopRedisWhileLockHeld(system: DistributedSystem, lock: string, frozen: () => void = () => undefined): Promise<void> {
  const { redis } = system.servers;
  const direct = new Redis(redis.url);
  const pids = system.replicas('page').map((replica) => replica.pid() as number);
  for (let tries = 0; ; tries++) {
    if (tries > 5_000) throw new Error(`${lock} was never seen held`);
    if (!(await direct.exists(lock))) continue;
    for (const pid of pids) process.kill(pid, 'SIGSTOP');
    if (await direct.exists(lock)) break;
    for (const pid of pids) process.kill(pid, 'SIGCONT');
  }
  direct.disconnect();
  frozen();
  try {
    await redis.stop();
  } finally {
    for (const pid of pids) process.kill(pid, 'SIGCONT');
  }
}
