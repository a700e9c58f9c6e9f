import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Controller, Inject, Injectable, Module, type INestMicroservice } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { loadConfig, type QuireConfig } from '@quire/config';
import { createContextApp, describeWith, startNatsServer, startRedisServer, testCaller, type ContextApp, type ServerProcess } from '@quire/testing';
import { ChangeFeed, type Change } from './change-feed/change-feed';
import { JetStreamChangeFeed } from './change-feed/jetstream-change-feed';
import { DocumentStore } from './document-store/document-store';
import { HealthService } from './health.service';
import { JobQueue, type JobContext, type JobStatus } from './job-queue/job-queue';
import { OnJob } from './job-queue/on-job.decorator';
import { KeyValueStore } from './key-value/key-value-store';
import { QUIRE_CONFIG } from './platform.module';
import { SecretCipher } from './secrets/secret-cipher';
import { createServiceMicroservice } from './transport/connect-transport';
import { messageHandler } from './transport/message-handler';
import { NatsTransportClient } from './transport/nats-transport-client';
import { TransportClient } from './transport/transport-client';

/** What the context module's handlers receive. */
interface CounterMessage<P> {
  caller: { uid: number; clientId: string };
  params: P;
}

interface Counter<P, R> {
  request: CounterMessage<P>;
  received: CounterMessage<P>;
  reply: R;
}

/** The context module's message map. */
interface CounterMessages {
  'notice.test.bump': Counter<Record<string, never>, { id: number; hits: number; language: string }>;
  'notice.test.sendMail': Counter<TestMail, string>;
  'notice.test.mailStatus': Counter<{ id: string }, JobStatus | null>;
}

const Handles = messageHandler<CounterMessages>();
const Bump = 'notice.test.bump';
const SendMail = 'notice.test.sendMail';
const MailStatus = 'notice.test.mailStatus';

/** The context app's transport, typed by this module's map. */
const transportOf = (context: ContextApp) => context.app.get<unknown, TransportClient<CounterMessages>>(TransportClient);

/** The context module's one job, as an app names it, and the payload it carries. */
const SEND_MAIL = 'test.send-mail';
interface TestMail {
  to: string;
  subject: string;
  text: string;
}
interface CounterJobs {
  [SEND_MAIL]: TestMail;
}

/** The context module's change topic: which bump was stored. */
interface CounterTopics {
  bumps: { id: number };
}

/** Mails "sent" by the job handler, by recipient. */
const delivered: string[] = [];

@Injectable()
class MailWorker {
  @OnJob(SEND_MAIL)
  async send(job: JobContext<TestMail>): Promise<string> {
    delivered.push(job.data.to);
    return `sent to ${job.data.to}`;
  }
}

/** A context module as services write them: no adapter, only ports, reached over the transport. */
@Controller()
class CounterController {
  constructor(
    private readonly documents: DocumentStore,
    private readonly keyValue: KeyValueStore,
    private readonly jobs: JobQueue<CounterJobs>,
    private readonly changes: ChangeFeed<CounterTopics>,
    @Inject(QUIRE_CONFIG) private readonly config: QuireConfig,
  ) {}

  @Handles(Bump)
  async bump(@Payload() message: CounterMessage<Record<string, never>>): Promise<{ id: number; hits: number; language: string }> {
    const id = await this.documents.nextId('bumps');
    await this.documents.collection<{ id: number; by: number }>('bumps').insertOne({ id, by: message.caller.uid });
    const hits = await this.keyValue.incr(`hits:${message.caller.clientId}`);
    await this.changes.publish('bumps', { id });
    return { id, hits, language: this.config.language };
  }

  @Handles(SendMail)
  sendMail(@Payload() message: CounterMessage<TestMail>): Promise<string> {
    return this.jobs.add(SEND_MAIL, message.params);
  }

  @Handles(MailStatus)
  mailStatus(@Payload() message: CounterMessage<{ id: string }>): Promise<JobStatus | null> {
    return this.jobs.getStatus(message.params.id);
  }
}

@Module({ controllers: [CounterController], providers: [MailWorker] })
class CounterModule {}

async function eventually<T>(work: () => Promise<T>, accept: (value: T) => boolean, withinMs = 5_000): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await work();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('PlatformModule (embedded, through createContextApp)', () => {
  let context: ContextApp | undefined;

  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  it('serves a context module over the in-process transport with the embedded stores', async () => {
    context = await createContextApp([CounterModule], { env: { LANGUAGE: 'zh-cn' } });
    const caller = testCaller({ uid: 5 });

    const first = await transportOf(context).send(Bump, { caller, params: {} });
    const second = await transportOf(context).send(Bump, { caller, params: {} });

    expect(first).toEqual({ id: 1, hits: 1, language: 'zh-cn' });
    expect(second).toEqual({ id: 2, hits: 2, language: 'zh-cn' });
    expect(fs.readdirSync(context.dataDir).sort()).toEqual(expect.arrayContaining(['quire.db', 'quire.db-wal']));
  });

  it('keeps documents and keys across a restart on the same DATA_DIR', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-platform-'));
    const caller = testCaller();
    try {
      context = await createContextApp([CounterModule], { env: { DATA_DIR: dataDir } });
      await transportOf(context).send(Bump, { caller, params: {} });
      await context.close();

      context = await createContextApp([CounterModule], { env: { DATA_DIR: dataDir } });

      await expect(transportOf(context).send(Bump, { caller, params: {} })).resolves.toMatchObject({ id: 2, hits: 2 });
    } finally {
      await context?.close();
      context = undefined;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('keeps its secret key in a 0600 file beside DATA_DIR, not inside it, and finds the same key after a restart', async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-platform-key-'));
    const dataDir = path.join(parent, 'data');
    try {
      context = await createContextApp([CounterModule], { env: { DATA_DIR: dataDir } });
      const sealed = context.app.get(SecretCipher).seal('kept secret');
      await context.close();
      context = undefined;

      expect(fs.readdirSync(parent).sort()).toEqual(['data', 'data.key']);
      expect(fs.statSync(path.join(parent, 'data.key')).mode & 0o777).toBe(0o600);
      expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
      context = await createContextApp([CounterModule], { env: { DATA_DIR: dataDir } });
      expect(context.app.get(SecretCipher).open(sealed)).toBe('kept secret');
    } finally {
      await context?.close();
      context = undefined;
      fs.rmSync(parent, { recursive: true, force: true });
    }
  });

  it('runs a consumed job through its @OnJob handler', async () => {
    context = await createContextApp([CounterModule], { consumes: [SEND_MAIL] });
    const caller = testCaller();
    const transport = transportOf(context);
    const id = await transport.send(SendMail, { caller, params: { to: 'ann@example.com', subject: 'Hi', text: 'Hello' } });

    const status = await eventually(
      () => transport.send(MailStatus, { caller, params: { id } }),
      (s) => s?.state === 'completed',
    );

    expect(status).toMatchObject({ state: 'completed', result: 'sent to ann@example.com' });
    expect(delivered).toContain('ann@example.com');
  });

  it('hands a published change to the in-process subscribers before the reply leaves', async () => {
    context = await createContextApp([CounterModule]);
    const seen: Change[] = [];
    await context.app.get(ChangeFeed).subscribe('bumps', 'index', (change) => void seen.push(change));

    const { id } = await transportOf(context).send(Bump, { caller: testCaller(), params: {} });

    expect(seen).toEqual([{ topic: 'bumps', sequence: 1, payload: { id } }]);
  });

  it('reports every dependency ready', async () => {
    context = await createContextApp([CounterModule]);

    await expect(context.app.get(HealthService).check()).resolves.toEqual({
      ok: true,
      checks: { documents: 'ok', keyValue: 'ok', blobs: 'ok', jobs: 'ok', transport: 'ok' },
    });
  });

  it('gives each medium test an anonymous caller with its own client id', () => {
    const a = testCaller();
    const b = testCaller({ uid: 3, username: 'bob' });

    expect(a).toMatchObject({ uid: 0, username: '', groupid: 0 });
    expect(b).toMatchObject({ uid: 3, username: 'bob' });
    expect(a.clientId).not.toEqual(b.clientId);
  });
});

describeWith({ binary: 'redis-server' }, 'PlatformModule (distributed, through createServiceMicroservice)', () => {
  describeWith({ binary: 'nats-server' }, 'with nats-server and redis-server', () => {
    let nats: ServerProcess;
    let redis: ServerProcess;
    let dataDir: string;
    let service: INestMicroservice;
    let gateway: NatsTransportClient<CounterMessages>;

    beforeAll(async () => {
      [nats, redis] = await Promise.all([startNatsServer({ jetstream: true }), startRedisServer()]);
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-distributed-'));
      const config = loadConfig({ DATA_DIR: dataDir, NATS_URL: nats.url, REDIS_URL: redis.url, REQUEST_TIMEOUT_MS: '2000', QUIRE_SECRET_KEY: 'a'.repeat(64) });
      ({ microservice: service } = await createServiceMicroservice(CounterModule, { service: 'notice', config, consumes: [SEND_MAIL] }));
      service.useLogger(['error']);
      await service.listen();
      gateway = new NatsTransportClient<CounterMessages>(nats.url, 2_000);
      await eventually(
        () =>
          gateway.ping().then(
            () => true,
            () => false,
          ),
        (up) => up,
      );
    });

    afterAll(async () => {
      await gateway?.close();
      await service?.close();
      await Promise.all([nats?.dispose(), redis?.dispose()]);
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('answers over NATS with Redis for keys and BullMQ for jobs', async () => {
      const caller = testCaller();

      await expect(gateway.send(Bump, { caller, params: {} })).resolves.toMatchObject({ id: 1, hits: 1 });
      const id = await gateway.send(SendMail, { caller, params: { to: 'zoe@example.com', subject: 'S', text: 'T' } });
      const status = await eventually(
        () => gateway.send(MailStatus, { caller, params: { id } }),
        (s) => s?.state === 'completed',
      );
      expect(status).toMatchObject({ state: 'completed', result: 'sent to zoe@example.com' });
    });

    it('publishes changes to the JetStream stream, where another process subscribes', async () => {
      const search = new JetStreamChangeFeed({ url: nats.url });
      const seen: Change[] = [];
      try {
        await search.subscribe('bumps', 'search', (change) => void seen.push(change));

        const { id } = await gateway.send(Bump, { caller: testCaller(), params: {} });

        await eventually(
          async () => seen.length,
          (count) => count > 0,
        );
        expect(seen).toEqual([{ topic: 'bumps', sequence: expect.any(Number) as number, payload: { id } }]);
      } finally {
        await search.close();
      }
    });

    it('reports Redis as not ready while it is down, and ready again once it is back', async () => {
      const health = service.get(HealthService);
      await expect(health.check()).resolves.toMatchObject({ ok: true });

      await redis.stop();
      const down = await health.check(1_000);

      expect(down.ok).toBe(false);
      expect(down.checks.keyValue).not.toBe('ok');
      expect(down.checks.documents).toBe('ok');
      expect(down.checks.transport).toBe('ok');

      await redis.start();
      const up = await eventually(
        () => health.check(1_000),
        (report) => report.ok,
        10_000,
      );
      expect(up).toMatchObject({ ok: true });
    });
  });
});
