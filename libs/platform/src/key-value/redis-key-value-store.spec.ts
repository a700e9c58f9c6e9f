import { describeWith, settlesAtOnce, startRedisServer, startTcpGate, type ServerProcess } from '@quire/testing';
import { registerPlatformErrors } from '../rpc/rpc-error';
import { describeKeyValueStoreContract } from './key-value-store.contract';
import { RedisKeyValueStore } from './redis-key-value-store';
import { LOCK_TTL_SECONDS, withLock } from './with-lock';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The app's error for a store that does not answer (Quire's is 10503). */
class StoreAwayError extends Error {}
const unavailable = expect.any(StoreAwayError);

describeWith({ binary: 'redis-server' }, RedisKeyValueStore.name, () => {
  let redis: ServerProcess;

  beforeAll(async () => {
    registerPlatformErrors({ internal: { error_code: 500, message_key: 'internal_error' }, unavailable: () => new StoreAwayError('unavailable') });
    redis = await startRedisServer();
  });

  afterAll(async () => {
    await redis?.dispose();
  });

  describeKeyValueStoreContract('RedisKeyValueStore', async () => {
    const store = new RedisKeyValueStore({ url: redis.url });
    return { store, dispose: () => store.close() };
  });

  it('shares locks between replicas: tasks under one key never overlap across two connections', async () => {
    const replicas = [new RedisKeyValueStore({ url: redis.url }), new RedisKeyValueStore({ url: redis.url })];
    let running = 0;
    let overlapped = false;
    const task = async () => {
      running++;
      overlapped ||= running > 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
    };
    try {
      await Promise.all(Array.from({ length: 20 }, (_, i) => withLock(replicas[i % 2], 'lock:shared', task)));
    } finally {
      await Promise.all(replicas.map((replica) => replica.close()));
    }
    expect(overlapped).toBe(false);
  });

  it("fails at once with the app's unavailable error while Redis is down and works again once it is back", async () => {
    const sut = new RedisKeyValueStore({ url: redis.url });
    await sut.set('before', 'outage');
    await redis.stop();
    try {
      await sleep(100);
      // Known down: every command fails at once, none waits for a reconnection.
      for (let i = 0; i < 5; i++) {
        const get = sut.get('before');
        const lock = sut.tryLock('lock:x', 5);
        expect([await settlesAtOnce(get), await settlesAtOnce(lock)]).toEqual([true, true]);
        await expect(get).rejects.toEqual(unavailable);
        await expect(lock).rejects.toBeInstanceOf(StoreAwayError);
        await sleep(300);
      }
      await expect(sut.ping()).rejects.toThrow(/Redis does not answer/);
    } finally {
      await redis.start();
    }
    await sleep(1_500);
    // Redis keeps nothing on disk in tests, so the value is gone; the connection is back.
    await expect(sut.set('after', 'outage')).resolves.toBeUndefined();
    expect(await sut.get('after')).toBe('outage');
    await sut.close();
  });

  it('fails fast when Redis was never reachable', async () => {
    const sut = new RedisKeyValueStore({ url: 'redis://127.0.0.1:1' });
    const started = Date.now();
    await expect(sut.ping()).rejects.toThrow(/Redis does not answer/);
    await expect(sut.incr('x', 5)).rejects.toEqual(unavailable);
    expect(Date.now() - started).toBeLessThan(1_000);
    await sut.close();
  });

  it('a lock whose holder died (stopped renewing) frees itself within the default ttl', async () => {
    const gate = await startTcpGate(redis.port);
    const holder = new RedisKeyValueStore({ url: gate.url(redis.url) });
    const waiter = new RedisKeyValueStore({ url: redis.url });
    let taken!: () => void;
    const held = new Promise<void>((resolve) => (taken = resolve));
    // The holder's task never ends; renewal keeps the lock past its ttl while the holder lives.
    void withLock(holder, 'lock:dead-holder', () => (taken(), new Promise<never>(() => undefined))).catch(() => undefined);
    await held;
    await sleep(LOCK_TTL_SECONDS * 1000 + 500);
    expect(await waiter.tryLock('lock:dead-holder', 30)).toBeNull();
    // Cut off for good, as a killed process is: no renewal, no unlock.
    await gate.shut();
    const died = Date.now();
    await withLock(waiter, 'lock:dead-holder', async () => undefined, { waitMs: 10_000 });
    expect(Date.now() - died).toBeLessThan(LOCK_TTL_SECONDS * 1000 + 500);
    await Promise.all([holder.close(), waiter.close()]);
  });

  it('a holder cut off from Redis learns its lock is lost once the ttl has run out, and the lock frees itself', async () => {
    const gate = await startTcpGate(redis.port);
    const holder = new RedisKeyValueStore({ url: gate.url(redis.url) });
    const other = new RedisKeyValueStore({ url: redis.url });
    try {
      const lost = withLock(
        holder,
        'lock:cut-off',
        (signal) =>
          new Promise<number>((resolve) => {
            signal.addEventListener('abort', () => resolve(Date.now()));
          }),
        { ttlSeconds: 2 },
      );
      await sleep(300);
      await gate.shut();
      const cut = Date.now();
      const lostAt = await lost;
      expect(lostAt - cut).toBeLessThan(2_000);
      // The holder knows first (its clock starts before Redis's); a moment later the lock is free for another.
      let token: string | null = null;
      while (token === null && Date.now() - lostAt < 1_000) token = await other.tryLock('lock:cut-off', 30);
      expect(token).toEqual(expect.any(String));
    } finally {
      await Promise.all([holder.close(), other.close(), gate.shut()]);
    }
  });

  it('frees a lock whose unlock failed during a short cut as soon as Redis answers again, long before its ttl', async () => {
    const gate = await startTcpGate(redis.port);
    const holder = new RedisKeyValueStore({ url: gate.url(redis.url) });
    const other = new RedisKeyValueStore({ url: redis.url });
    try {
      await withLock(
        holder,
        'lock:short-cut',
        async () => {
          await gate.shut();
          await sleep(100);
        },
        { ttlSeconds: 30 },
      );
      expect(await other.tryLock('lock:short-cut', 30)).toBeNull();
      await gate.open();
      const back = Date.now();
      let token: string | null = null;
      while (token === null && Date.now() - back < 5_000) {
        await sleep(100);
        token = await other.tryLock('lock:short-cut', 30);
      }
      expect(token).toEqual(expect.any(String));
      expect(Date.now() - back).toBeLessThan(3_000);
    } finally {
      await Promise.all([holder.close(), other.close(), gate.shut()]);
    }
  });
});
