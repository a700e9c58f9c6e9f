import type { PageInfo } from '@quire/proto';
import { ApiClient, type ApiEnvelope } from '@quire/testing';
import { describeDistributed, startDistributedSystem, stopRedisWhileLockHeld, type DistributedSystem, type ServiceApp } from '../src/distributed-system';

/** The production default: what an in-flight request would wait for before 10005 if nothing failed it sooner. */
const REQUEST_TIMEOUT_MS = 20_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Readiness {
  status: number;
  checks: Record<string, string>;
}

/**
 * What a service does when a store or the broker goes away, done to real processes: two page
 * replicas, each reaching Redis and MongoDB (libs/testing's MongoDB-protocol server) through a gate
 * of its own, over a real nats-server and a real redis-server that keeps its data across a restart.
 * Every service has its health endpoint (HEALTH_PORT): /healthz liveness, /readyz readiness.
 */
describeDistributed('dependency faults of the distributed deployment', () => {
  let system: DistributedSystem;
  let admin: ApiClient;
  let itemId: number;
  let pageId: number;

  const ok = <T>(envelope: ApiEnvelope<T>): T => {
    expect(envelope).toMatchObject({ error_code: 0 });
    return envelope.data as T;
  };

  const probe = async (app: ServiceApp, replica: number, path: '/readyz' | '/healthz'): Promise<Readiness> => {
    const response = await fetch(`${system.health(app, replica)}${path}`);
    const body = (await response.json()) as { checks?: Record<string, string> };
    return { status: response.status, checks: body.checks ?? {} };
  };

  /** Polls the replica's /readyz until it answers `status` (how soon is a goal of `npm run bench`, bench-faults.ts). */
  const readyzBecomes = async (replica: number, status: 200 | 503, withinMs = 10_000): Promise<void> => {
    const started = Date.now();
    for (;;) {
      const seen = await probe('page', replica, '/readyz').catch(() => ({ status: 0, checks: {} }));
      if (seen.status === status) return;
      if (Date.now() - started > withinMs) throw new Error(`page replica ${replica + 1}: /readyz still ${seen.status} after ${withinMs} ms`);
      await sleep(100);
    }
  };

  /** `count` saves of the shared page (each under its page lock) by 4 clients at once; every answer's code. */
  const saveBurst = async (count: number, label: string): Promise<number[]> => {
    const codes: number[] = [];
    await Promise.all(
      Array.from({ length: 4 }, async (_, client) => {
        for (let n = client; n < count; n += 4) {
          const reply = await admin.post('/api/page/save', { page_id: pageId, item_id: itemId, page_title: 'Shared', page_content: `${label} ${n}` });
          codes.push(reply.error_code);
        }
      }),
    );
    return codes;
  };

  beforeAll(async () => {
    system = await startDistributedSystem({
      services: ['auth', 'item', 'page', 'admin'],
      replicas: { page: 2 },
      gates: true,
      persistentRedis: true,
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
      env: { RATE_LIMIT_PER_MINUTE: '100000' },
    });
    admin = new ApiClient(system.target.baseUrl);
    ok(await admin.post('/api/user/login', { username: 'showdoc', password: 'admin-pass' }));
    itemId = ok(await admin.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Faults' })).item_id;
    pageId = ok(await admin.post<{ page_id: number }>('/api/page/save', { item_id: itemId, page_title: 'Shared', page_content: 'first' })).page_id;
  }, 120_000);

  afterAll(async () => {
    await system?.stop();
  }, 60_000);

  it('a replica whose Redis or MongoDB is cut leaves its queue group (the other serves every save) and rejoins when it is back', async () => {
    expect((await probe('page', 0, '/readyz')).status).toBe(200);
    expect((await probe('page', 1, '/readyz')).status).toBe(200);

    for (const store of ['redis', 'mongo'] as const) {
      // Replica 2 loses the store; replica 1 keeps it.
      const gate = system.gates('page', 1)[store];
      if (!gate) throw new Error(`no ${store} gate`);
      await gate.shut();
      await readyzBecomes(1, 503);
      const unready = await probe('page', 1, '/readyz');
      expect(unready.checks[store === 'redis' ? 'keyValue' : 'documents']).not.toBe('ok');
      // Alive all the same: nothing to restart.
      expect((await probe('page', 1, '/healthz')).status).toBe(200);
      expect(system.replicas('page')[1].pid()).toEqual(expect.any(Number));

      const codes = await saveBurst(100, `while replica 2 has no ${store}`);
      expect(codes.filter((code) => code !== 0)).toEqual([]);

      await gate.open();
      await readyzBecomes(1, 200);
    }

    // Rejoined: with replica 1 cut off in turn, replica 2 alone serves every save.
    await system.gates('page', 0).redis.shut();
    await readyzBecomes(0, 503);
    const codes = await saveBurst(40, 'served by replica 2 alone');
    expect(codes.filter((code) => code !== 0)).toEqual([]);
    await system.gates('page', 0).redis.open();
    await readyzBecomes(0, 200);
    expect(ok(await admin.post<PageInfo>('/api/page/info', { page_id: pageId })).page_content).toMatch(/^served by replica 2 alone \d+$/);
  }, 90_000);

  it('a replica started while MongoDB is unreachable stays up and unready, and joins its queue group once MongoDB appears', async () => {
    const late = system.replicas('page')[1];
    const mongoGate = system.gates('page', 1).mongo;
    if (!mongoGate) throw new Error('no mongo gate');
    await late.stop();
    await mongoGate.shut();
    await late.start(/health endpoint on /);
    // The health endpoint answers from before the boot: wait until the boot has come to checking its stores.
    for (let waited = 0; !(await probe('page', 1, '/readyz')).checks.documents; waited += 100) {
      if (waited > 10_000) throw new Error('page replica 2 never reported its document store');
      await sleep(100);
    }

    // Well past the ~10 s after which it used to exit: alive, not ready, and no request reaches it.
    for (let second = 0; second < 12; second++) {
      expect((await probe('page', 1, '/healthz')).status).toBe(200);
      const readiness = await probe('page', 1, '/readyz');
      expect(readiness.status).toBe(503);
      expect(readiness.checks.documents).toMatch(/MongoDB/);
      expect(ok(await admin.post<PageInfo>('/api/page/info', { page_id: pageId })).page_id).toBe(pageId);
      await sleep(1_000);
    }
    expect(late.output()).not.toMatch(/Quire page service ready/);

    await mongoGate.open();
    await readyzBecomes(1, 200);
    expect(late.output()).toMatch(/Quire page service ready/);
    // It serves: with replica 1 cut off from Redis, replica 2 answers every save.
    await system.gates('page', 0).redis.shut();
    await readyzBecomes(0, 503);
    expect((await saveBurst(20, 'served by the late replica')).filter((code) => code !== 0)).toEqual([]);
    await system.gates('page', 0).redis.open();
    await readyzBecomes(0, 200);
  }, 90_000);

  it("fails the requests in flight with 10503 when NATS goes away, not with the 20 s timeout's 10005", async () => {
    const replicas = system.replicas('page');
    // Both page replicas frozen: the requests below are taken by them and stay unanswered.
    for (const replica of replicas) process.kill(replica.pid() as number, 'SIGSTOP');
    let codes: number[];
    try {
      const inFlight = Array.from({ length: 4 }, () => admin.post('/api/page/info', { page_id: pageId }).then((reply) => reply.error_code));
      await sleep(500);
      await system.servers.nats.stop();
      codes = await Promise.all(inFlight);
    } finally {
      for (const replica of replicas) process.kill(replica.pid() as number, 'SIGCONT');
      await system.servers.nats.start();
    }
    // The gateway fails them when the connection goes, instead of waiting out the timeout (how soon: bench-faults.ts).
    expect(codes).toEqual([10503, 10503, 10503, 10503]);
    // Back: every app reconnects and rejoins by itself.
    const back = Date.now();
    let reply = await admin.post<PageInfo>('/api/page/info', { page_id: pageId });
    while (reply.error_code !== 0 && Date.now() - back < 15_000) {
      await sleep(200);
      reply = await admin.post<PageInfo>('/api/page/info', { page_id: pageId });
    }
    expect(reply.error_code).toBe(0);
    await readyzBecomes(0, 200);
    await readyzBecomes(1, 200);
  }, 60_000);

  it('Redis away for 10 s: every answer meanwhile is a 10503, and saves succeed again once it is back (no lock outlives the outage)', async () => {
    const { redis } = system.servers;
    const during: number[] = [];
    let phase: 'before' | 'down' | 'back' = 'before';
    // Saves of one page from 4 clients, under its page lock, before and during the outage.
    const clients = Array.from({ length: 4 }, async (_, client) => {
      for (let n = 0; phase !== 'back'; n++) {
        const askedIn = phase;
        const reply = await admin.post('/api/page/save', { page_id: pageId, item_id: itemId, page_title: 'Shared', page_content: `client ${client} save ${n}` });
        if (askedIn === 'down' && phase === 'down') during.push(reply.error_code);
      }
    });
    await sleep(1_000);
    // Redis stops while a page replica holds the page's lock: both replicas are frozen at such a moment,
    // so the lock is in Redis's append-only file as its holder left it, and the holder cannot free it.
    await stopRedisWhileLockHeld(system, `lock:page-save:${pageId}`, () => (phase = 'down'));
    await sleep(10_000);
    await redis.start();
    phase = 'back';
    await Promise.all(clients);

    // Many answers while Redis was away (a save does not wait for it to come back), and only clear ones: a save
    // asked while Redis was stopping may still have gone through. How fast each answer came is a goal of bench-faults.ts.
    expect(during.length).toBeGreaterThan(20);
    expect(during.filter((code) => code !== 10503 && code !== 0)).toEqual([]);
    expect(during.filter((code) => code === 10503).length).toBeGreaterThan(20);

    // The apps see Redis again within a second or two (the first save is tried for 5 s); from then on every save goes through.
    const returned = Date.now();
    let first = await admin.post('/api/page/save', { page_id: pageId, item_id: itemId, page_title: 'Shared', page_content: 'after the outage' });
    while (first.error_code === 10503 && Date.now() - returned < 5_000) {
      await sleep(100);
      first = await admin.post('/api/page/save', { page_id: pageId, item_id: itemId, page_title: 'Shared', page_content: 'after the outage' });
    }
    expect(first.error_code).toBe(0);
    const after: number[] = [];
    await Promise.all(
      Array.from({ length: 4 }, async (_, client) => {
        for (let n = 0; n < 5; n++) {
          const reply = await admin.post('/api/page/save', { page_id: pageId, item_id: itemId, page_title: 'Shared', page_content: `after ${client} ${n}` });
          after.push(reply.error_code);
        }
      }),
    );
    expect(after.filter((code) => code !== 0)).toEqual([]);
  }, 90_000);
});
