import { describeWith, startRedisServer, type ServerProcess } from '@quire/testing';
import { describeKeyValueStoreContract } from './key-value-store.contract';
import { RedisKeyValueStore } from './redis-key-value-store';
import { withLock } from './with-lock';

describeWith({ binary: 'redis-server' }, RedisKeyValueStore.name, () => {
  let redis: ServerProcess;

  beforeAll(async () => {
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

  it('fails fast while Redis is down and works again once it is back', async () => {
    const sut = new RedisKeyValueStore({ url: redis.url });
    await sut.set('before', 'outage');
    await redis.stop();
    try {
      const started = Date.now();
      await expect(sut.get('before')).rejects.toThrow();
      await expect(sut.ping()).rejects.toThrow(/Redis does not answer/);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await redis.start();
    }
    // Redis keeps nothing on disk in tests, so the value is gone; the connection is back.
    await expect(sut.set('after', 'outage')).resolves.toBeUndefined();
    expect(await sut.get('after')).toBe('outage');
    await sut.close();
  });

  it('fails fast when Redis was never reachable', async () => {
    const sut = new RedisKeyValueStore({ url: 'redis://127.0.0.1:1' });
    const started = Date.now();
    await expect(sut.ping()).rejects.toThrow(/Redis does not answer/);
    await expect(sut.incr('x', 5)).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(10_000);
    await sut.close();
  });
});
