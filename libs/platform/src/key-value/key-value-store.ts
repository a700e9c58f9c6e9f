/** The key-value port: sessions, captcha codes, counters and rate limits, with TTLs. */
export abstract class KeyValueStore {
  abstract get(key: string): Promise<string | null>;
  /** Sets a value; with `ttlSeconds` the key disappears after that many seconds. */
  abstract set(key: string, value: string, ttlSeconds?: number): Promise<void>;
  abstract delete(key: string): Promise<void>;
  /**
   * Atomically adds 1 (a missing key counts as 0) and returns the new value. With
   * `ttlSeconds` the key's lifetime is (re)set to that many seconds on every increment.
   */
  abstract incr(key: string, ttlSeconds?: number): Promise<number>;
  /** Remaining lifetime in seconds; -1 when the key has none, -2 when it does not exist. */
  abstract ttl(key: string): Promise<number>;
  abstract ping(): Promise<void>;
  abstract close(): Promise<void>;
}
