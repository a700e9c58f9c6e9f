/** The key-value port: short-lived keys, one-time codes, counters, rate limits, locks and small sets, with TTLs. */
export abstract class KeyValueStore {
  abstract get(key: string): Promise<string | null>;
  /** Several keys in one round trip: the values in the keys' order, null where a key is missing. */
  abstract getMany(keys: string[]): Promise<(string | null)[]>;
  /** Sets a value; with `ttlSeconds` the key disappears after that many seconds, without it the key never expires. */
  abstract set(key: string, value: string, ttlSeconds?: number): Promise<void>;
  abstract delete(key: string): Promise<void>;
  /**
   * Atomically adds 1 (a missing key counts as 0) and returns the new value. With
   * `ttlSeconds` the key's lifetime is (re)set to that many seconds on every increment; without
   * it an existing lifetime is kept. Rejects when the stored value is not an integer.
   */
  abstract incr(key: string, ttlSeconds?: number): Promise<number>;
  /**
   * Atomically adds members to the set at `key` (created when missing; concurrent adds never lose
   * one). With `ttlSeconds` the set's lifetime is (re)set to that many seconds.
   */
  abstract addToSet(key: string, members: string[], ttlSeconds?: number): Promise<void>;
  /** Atomically removes members; a set left empty disappears. */
  abstract removeFromSet(key: string, members: string[]): Promise<void>;
  /** The set's members, in no particular order; [] when it does not exist. */
  abstract setMembers(key: string): Promise<string[]>;
  /**
   * Takes the lock `key` for `ttlSeconds` unless it is held: the new holder's token (unique to this
   * holding), or null. Every replica sharing the store shares its locks; a holder that dies frees
   * the lock when its ttl runs out. Use `withLock`, which waits for the lock, renews it while the
   * task runs, tells the task if it is lost, and always frees it.
   */
  abstract tryLock(key: string, ttlSeconds: number): Promise<string | null>;
  /**
   * Gives the lock `ttlSeconds` more from now if `token` still holds it: true; false when it does
   * not (it expired, and another may hold it now).
   */
  abstract renewLock(key: string, token: string, ttlSeconds: number): Promise<boolean>;
  /** Frees the lock if `token` still holds it (once it expired and another took it, it stays theirs). */
  abstract unlock(key: string, token: string): Promise<void>;
  /** Remaining lifetime in seconds; -1 when the key has none, -2 when it does not exist. */
  abstract ttl(key: string): Promise<number>;
  /**
   * Every live key that starts with `prefix`, in no particular order (for conversions of stored
   * data; Redis walks its keys with SCAN, without blocking other clients).
   */
  abstract keysWithPrefix(prefix: string): Promise<string[]>;
  /**
   * Rewrites the store's files without earlier values and deleted keys, so they are gone from the
   * disk too (the embedded store appends every write; Redis keeps no file of Quire's: nothing to do).
   */
  abstract compact(): Promise<void>;
  abstract ping(): Promise<void>;
  abstract close(): Promise<void>;

  /** TTLs are whole seconds, at least 1 (what Redis accepts); anything else is a caller's bug. */
  protected static assertTtl(ttlSeconds: number | undefined): void {
    if (ttlSeconds === undefined) return;
    if (!Number.isSafeInteger(ttlSeconds) || ttlSeconds < 1) {
      throw new RangeError(`ttlSeconds must be a whole number of seconds >= 1, got ${ttlSeconds}`);
    }
  }
}
