import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Redis from 'ioredis';
import { hashSecret } from '@quire/platform';
import { sessionKey, userSessionsKey, type LoggedInUser, type SessionRecord } from '@quire/proto';
import { ApiClient, quireProcess } from '@quire/testing';
import { filesLeaking, leakedIn, openToOthers, plantSecrets, scanTree } from '../scenarios/secrets-at-rest.scenario';
import { describeDistributed, startDistributedSystem, type DistributedSystem } from '../src/distributed-system';

/** Every key in Redis with everything it holds, whatever its type (BullMQ's hashes, lists, sorted sets and streams too). */
async function dumpRedis(redis: Redis): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'COUNT', 1000);
    keys.push(...batch);
    cursor = next;
  } while (cursor !== '0');
  return Promise.all(
    keys.map(async (key) => {
      const type = await redis.type(key);
      const contents =
        type === 'string'
          ? await redis.get(key)
          : type === 'set'
            ? await redis.smembers(key)
            : type === 'hash'
              ? await redis.hgetall(key)
              : type === 'list'
                ? await redis.lrange(key, 0, -1)
                : type === 'zset'
                  ? await redis.zrange(key, '0', '-1', 'WITHSCORES')
                  : type === 'stream'
                    ? await redis.xrange(key, '-', '+')
                    : `(type ${type})`;
      return `${key} => ${JSON.stringify(contents)}`;
    }),
  );
}

describeDistributed('secrets at rest, distributed', () => {
  let system: DistributedSystem;
  let redis: Redis;

  beforeAll(async () => {
    system = await startDistributedSystem({ services: ['auth', 'item', 'page', 'team', 'notice', 'admin', 'webhook'] });
    redis = new Redis(system.servers.redis.url);
  }, 120_000);

  afterAll(async () => {
    redis?.disconnect();
    await system?.stop();
  });

  it('no session token, visit password or api token lies in any Redis key or value, nor in any file of any process', async () => {
    const secrets = await plantSecrets(system.target);

    const entries = await dumpRedis(redis);
    const tree = scanTree(system.dataRoot);

    expect(entries.length).toBeGreaterThan(3);
    expect(entries.filter((entry) => leakedIn(entry, secrets).length > 0)).toEqual([]);
    expect(entries.some((entry) => entry.startsWith('session-sha256:'))).toBe(true);
    expect(tree.files.some((f) => f.file.endsWith(path.join('item', 'quire.db')))).toBe(true);
    expect(filesLeaking(tree, secrets)).toEqual([]);
    expect(openToOthers(tree)).toEqual([]);
  });

  it('moves a session stored under its token (before hashing) to its hash when auth starts: its user stays signed in', async () => {
    const token = 'c0ffee00'.repeat(8);
    const record: SessionRecord = { uid: 1, username: 'showdoc', groupid: 1, createdAt: Math.floor(Date.now() / 1000) };
    const auth = system.process('auth');
    await auth.stop();
    await redis.set(`session:${token}`, JSON.stringify(record), 'EX', 5_000);
    await redis.sadd('user-session-set:1', token);
    await auth.start();

    const browser = new ApiClient(system.target.baseUrl);
    expect(await browser.post<LoggedInUser>('/api/user/info', { user_token: token })).toMatchObject({ error_code: 0, data: { username: 'showdoc' } });
    expect((await dumpRedis(redis)).filter((entry) => entry.includes(token))).toEqual([]);
    expect(await redis.ttl(sessionKey(hashSecret(token)))).toBeGreaterThan(4_900);
    expect(await redis.smembers(userSessionsKey(1))).toContain(hashSecret(token));
  });

  it('a process started without QUIRE_SECRET_KEY refuses to boot, naming it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-no-key-'));
    const item = quireProcess('item', { NATS_URL: system.servers.nats.url, REDIS_URL: system.servers.redis.url, DATA_DIR: dataDir, QUIRE_SECRET_KEY: '' });
    try {
      await expect(item.start()).rejects.toThrow(/QUIRE_SECRET_KEY: required in distributed mode/);
      expect(fs.existsSync(`${dataDir}.key`)).toBe(false);
    } finally {
      await item.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
