import { KeyValueStore } from './key-value-store';

export interface LockOptions {
  /** How long the lock holds if its holder dies before freeing it. */
  ttlSeconds?: number;
  /** How long to wait for a lock someone else holds before failing. */
  waitMs?: number;
}

const FIRST_RETRY_MS = 2;
const LONGEST_RETRY_MS = 50;

/**
 * Runs `task` while holding the lock `key` in the KeyValueStore, so it never overlaps a task under
 * the same key in any replica; waits for the lock (retrying every few milliseconds) and always
 * frees it. Rejects when the lock is still held after `waitMs`.
 */
export async function withLock<T>(kv: KeyValueStore, key: string, task: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const { ttlSeconds = 30, waitMs = 10_000 } = options;
  const deadline = Date.now() + waitMs;
  let retryMs = FIRST_RETRY_MS;
  let token = await kv.tryLock(key, ttlSeconds);
  while (token === null) {
    if (Date.now() >= deadline) throw new Error(`the lock ${key} is still held after ${waitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, retryMs));
    retryMs = Math.min(retryMs * 2, LONGEST_RETRY_MS);
    token = await kv.tryLock(key, ttlSeconds);
  }
  try {
    return await task();
  } finally {
    await kv.unlock(key, token).catch(() => undefined);
  }
}
