import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { unavailableError } from '../rpc/rpc-error';
import { KeyValueStore } from './key-value-store';

export interface RedisKeyValueStoreOptions {
  /** `redis://[:password@]host:port[/db]` */
  url: string;
}

/** Deletes the lock only while it holds the caller's token (atomic in Redis). */
const UNLOCK_SCRIPT = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";
/** Extends the lock only while it holds the caller's token: 1, else 0. */
const RENEW_SCRIPT = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('expire', KEYS[1], ARGV[2]) else return 0 end";

/** How long a reply may take; a socket silent for as long is dropped, which makes Redis "known down". */
const COMMAND_TIMEOUT_MS = 3_000;

/**
 * The distributed KeyValueStore on Redis. Connects at once and reconnects for ever. While Redis
 * is known to be down (the connection is not ready: refused, dropped, or silent past the command
 * timeout) every command fails at once as unavailable (PlatformErrors), and so do the commands in flight when the
 * connection drops: nothing waits for a reconnection. Only the very first connection is waited
 * for, up to the connect timeout, so a store used right after it is built works.
 */
export class RedisKeyValueStore extends KeyValueStore {
  private readonly redis: Redis;
  private lastError: Error | undefined;
  /** Settles when the first connection attempt does, whichever way. */
  private readonly firstAttempt: Promise<void>;

  constructor(options: RedisKeyValueStoreOptions) {
    super();
    this.redis = new Redis(options.url, {
      // No offline queue, no retry of a command whose connection dropped: a known-down Redis answers at once.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 3_000,
      commandTimeout: COMMAND_TIMEOUT_MS,
      socketTimeout: COMMAND_TIMEOUT_MS,
      // close() only disconnects a socket that is not ready; do not hold the process for ioredis' 2 s default.
      disconnectTimeout: 100,
      retryStrategy: (attempt) => Math.min(attempt * 200, 1_000),
    });
    // Without a listener ioredis prints every connection error; callers see them on their commands.
    this.redis.on('error', (error: Error) => (this.lastError = error));
    this.firstAttempt = new Promise<void>((resolve) => {
      for (const event of ['ready', 'close', 'end']) this.redis.once(event, () => resolve());
    });
  }

  override get(key: string): Promise<string | null> {
    return this.reachable(() => this.redis.get(key));
  }

  override getMany(keys: string[]): Promise<(string | null)[]> {
    return keys.length === 0 ? Promise.resolve([]) : this.reachable(() => this.redis.mget(...keys));
  }

  override async set(key: string, value: string, ttlSeconds?: number): Promise<void> {
    KeyValueStore.assertTtl(ttlSeconds);
    if (ttlSeconds) await this.reachable(() => this.redis.set(key, value, 'EX', ttlSeconds));
    else await this.reachable(() => this.redis.set(key, value));
  }

  override async delete(key: string): Promise<void> {
    await this.reachable(() => this.redis.del(key));
  }

  override async incr(key: string, ttlSeconds?: number): Promise<number> {
    KeyValueStore.assertTtl(ttlSeconds);
    if (!ttlSeconds) return this.reachable(() => this.redis.incr(key));
    const results = await this.reachable(() => this.redis.multi().incr(key).expire(key, ttlSeconds).exec());
    if (!results) throw new Error(`INCR ${key} was aborted`);
    const [[incrError, value], [expireError]] = results;
    if (incrError) throw incrError;
    if (expireError) throw expireError;
    return Number(value);
  }

  override async tryLock(key: string, ttlSeconds: number): Promise<string | null> {
    KeyValueStore.assertTtl(ttlSeconds);
    const token = randomUUID();
    const taken = await this.reachable(() => this.redis.set(key, token, 'EX', ttlSeconds, 'NX'));
    return taken === 'OK' ? token : null;
  }

  override async renewLock(key: string, token: string, ttlSeconds: number): Promise<boolean> {
    KeyValueStore.assertTtl(ttlSeconds);
    return (await this.reachable(() => this.redis.eval(RENEW_SCRIPT, 1, key, token, ttlSeconds))) === 1;
  }

  override async unlock(key: string, token: string): Promise<void> {
    await this.reachable(() => this.redis.eval(UNLOCK_SCRIPT, 1, key, token));
  }

  override async addToSet(key: string, members: string[], ttlSeconds?: number): Promise<void> {
    KeyValueStore.assertTtl(ttlSeconds);
    if (members.length === 0) return;
    if (!ttlSeconds) {
      await this.reachable(() => this.redis.sadd(key, ...members));
      return;
    }
    const results = await this.reachable(() =>
      this.redis
        .multi()
        .sadd(key, ...members)
        .expire(key, ttlSeconds)
        .exec(),
    );
    const failed = results?.find(([error]) => error)?.[0];
    if (!results || failed) throw failed ?? new Error(`SADD ${key} was aborted`);
  }

  override async removeFromSet(key: string, members: string[]): Promise<void> {
    if (members.length > 0) await this.reachable(() => this.redis.srem(key, ...members));
  }

  override setMembers(key: string): Promise<string[]> {
    return this.reachable(() => this.redis.smembers(key));
  }

  override ttl(key: string): Promise<number> {
    return this.reachable(() => this.redis.ttl(key));
  }

  override async keysWithPrefix(prefix: string): Promise<string[]> {
    const pattern = `${prefix.replace(/[\\*?[\]]/g, (char) => `\\${char}`)}*`;
    const keys = new Set<string>();
    let cursor = '0';
    do {
      const [next, batch] = await this.reachable(() => this.redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000));
      for (const key of batch) keys.add(key);
      cursor = next;
    } while (cursor !== '0');
    // SCAN may return a key twice.
    return [...keys];
  }

  /** Redis keeps no file of Quire's: its own persistence (RDB, AOF rewrites) is Redis's business. */
  override async compact(): Promise<void> {}

  /**
   * Runs a command, or fails at once with the app's unavailable error (a clear "try again shortly") while Redis
   * is known to be down; a command cut off by a dropped connection or a timeout fails the same way.
   */
  private async reachable<R>(command: () => Promise<R>): Promise<R> {
    await this.firstAttempt;
    if (this.redis.status !== 'ready') throw unavailableError();
    try {
      return await command();
    } catch (error) {
      if (
        this.redis.status !== 'ready' ||
        /MaxRetriesPerRequest|Connection is closed|ECONNREFUSED|Command timed out|Socket timeout|Stream isn't writeable|aborted due to connection close/.test(String(error))
      ) {
        throw unavailableError();
      }
      throw error;
    }
  }

  override async ping(): Promise<void> {
    await this.firstAttempt;
    const cause = () => (this.lastError ? ` (${this.lastError.message})` : '');
    if (this.redis.status !== 'ready') throw new Error(`Redis does not answer: the connection is ${this.redis.status}${cause()}`);
    try {
      await this.redis.ping();
    } catch (error) {
      throw new Error(`Redis does not answer: ${(error as Error).message}${cause()}`, { cause: error });
    }
  }

  override async close(): Promise<void> {
    if (this.redis.status === 'end') return;
    // QUIT waits for the replies of commands already sent; a socket that is not ready is just dropped.
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }
}
