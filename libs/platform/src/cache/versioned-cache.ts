export interface VersionedCacheOptions<V> {
  /** Entries kept at most; the oldest stored goes first. */
  maxEntries: number;
  /** An entry older than this is not used, whatever its version (a bound on any missed renewal). */
  maxAgeMs: number;
  /** With `maxWeight`: what one value weighs (e.g. its text length); the oldest entries go until the total fits. */
  weigh?: (value: V) => number;
  maxWeight?: number;
}

interface Entry<V> {
  version: string | null;
  value: V;
  storedAt: number;
  weight: number;
}

/**
 * A bounded in-process cache whose entries count only under the version they were stored with.
 * The version is a token every replica reads from the KeyValueStore before it reads the data, and
 * writers renew after they write (see VersionToken): a value loaded during a write is stored under
 * the old token and never used again.
 */
export class VersionedCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private weight = 0;

  constructor(private readonly options: VersionedCacheOptions<V>) {}

  /** The value stored for `key` under this version, if still young enough. */
  get(key: K, version: string | null): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version === version && Date.now() - entry.storedAt < this.options.maxAgeMs) return entry.value;
    this.remove(key, entry);
    return undefined;
  }

  set(key: K, version: string | null, value: V): void {
    const existing = this.entries.get(key);
    if (existing) this.remove(key, existing);
    const weight = this.options.weigh?.(value) ?? 0;
    if (this.options.maxWeight !== undefined && weight > this.options.maxWeight) return;
    this.entries.set(key, { version, value, storedAt: Date.now(), weight });
    this.weight += weight;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.options.maxEntries && this.weight <= (this.options.maxWeight ?? Infinity)) break;
      this.remove(oldest, entry);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private remove(key: K, entry: Entry<V>): void {
    this.entries.delete(key);
    this.weight -= entry.weight;
  }
}
