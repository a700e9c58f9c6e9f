import { randomUUID } from 'node:crypto';
import { KeyValueStore } from '../key-value/key-value-store';
import type { SqliteDatabase } from './sqlite-database';

interface Row {
  value: string;
  expires_at: number | null;
}

/**
 * The embedded KeyValueStore: the table `kv` of the shared SQLite database (short-lived keys,
 * one-time codes, counters, rate limits), with absolute expiry times checked on every read and swept
 * periodically. A set is kept as the JSON array of its members. Every change is one
 * `db.write`, whose read-modify-write runs synchronously, so concurrent increments or set changes
 * cannot interleave; it resolves once durable. Locks live in memory only: the database has one
 * process, and a restart frees them all. The owner of the database closes it.
 */
export class SqliteKeyValueStore extends KeyValueStore {
  private readonly locks = new Map<string, { token: string; expiresAt: number }>();
  private readonly sweeper: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly db: SqliteDatabase,
    options: { sweepIntervalMs?: number } = {},
  ) {
    super();
    db.exec('CREATE TABLE IF NOT EXISTS kv (key TEXT PRIMARY KEY, value TEXT NOT NULL, expires_at INTEGER)');
    db.exec('CREATE INDEX IF NOT EXISTS kv_expires_at ON kv (expires_at) WHERE expires_at IS NOT NULL');
    this.sweeper = setInterval(() => void this.sweep().catch(() => undefined), options.sweepIntervalMs ?? 60_000);
    this.sweeper.unref();
  }

  override async get(key: string): Promise<string | null> {
    return this.live(key)?.value ?? null;
  }

  override async getMany(keys: string[]): Promise<(string | null)[]> {
    return keys.map((key) => this.live(key)?.value ?? null);
  }

  override async set(key: string, value: string, ttlSeconds?: number): Promise<void> {
    KeyValueStore.assertTtl(ttlSeconds);
    await this.write(() => this.put(key, String(value), expiry(ttlSeconds)));
  }

  override async delete(key: string): Promise<void> {
    await this.write(() => this.remove(key));
  }

  override async incr(key: string, ttlSeconds?: number): Promise<number> {
    KeyValueStore.assertTtl(ttlSeconds);
    return this.write(() => {
      const entry = this.live(key);
      const next = (entry ? Number(entry.value) : 0) + 1;
      if ((entry && !/^-?\d+$/.test(entry.value)) || !Number.isSafeInteger(next)) {
        throw new Error(`Cannot increment ${key}: its value is not an integer or out of range`);
      }
      this.put(key, String(next), ttlSeconds ? expiry(ttlSeconds) : (entry?.expires_at ?? null));
      return next;
    });
  }

  override async addToSet(key: string, members: string[], ttlSeconds?: number): Promise<void> {
    KeyValueStore.assertTtl(ttlSeconds);
    if (members.length === 0) return;
    await this.write(() => {
      const entry = this.live(key);
      const set = new Set([...membersOf(entry), ...members]);
      this.put(key, JSON.stringify([...set]), ttlSeconds ? expiry(ttlSeconds) : (entry?.expires_at ?? null));
    });
  }

  override async removeFromSet(key: string, members: string[]): Promise<void> {
    await this.write(() => {
      const entry = this.live(key);
      if (!entry) return;
      const gone = new Set(members);
      const left = membersOf(entry).filter((member) => !gone.has(member));
      if (left.length > 0) this.put(key, JSON.stringify(left), entry.expires_at);
      else this.remove(key);
    });
  }

  override async setMembers(key: string): Promise<string[]> {
    return membersOf(this.live(key));
  }

  override async tryLock(key: string, ttlSeconds: number): Promise<string | null> {
    KeyValueStore.assertTtl(ttlSeconds);
    const now = Date.now();
    const held = this.locks.get(key);
    if (held && held.expiresAt > now) return null;
    const token = randomUUID();
    this.locks.set(key, { token, expiresAt: now + ttlSeconds * 1000 });
    return token;
  }

  override async renewLock(key: string, token: string, ttlSeconds: number): Promise<boolean> {
    KeyValueStore.assertTtl(ttlSeconds);
    const held = this.locks.get(key);
    const now = Date.now();
    if (held?.token !== token || held.expiresAt <= now) return false;
    held.expiresAt = now + ttlSeconds * 1000;
    return true;
  }

  override async unlock(key: string, token: string): Promise<void> {
    if (this.locks.get(key)?.token === token) this.locks.delete(key);
  }

  override async ttl(key: string): Promise<number> {
    const entry = this.live(key);
    if (!entry) return -2;
    if (entry.expires_at === null) return -1;
    // Rounded to the nearest second, as Redis does.
    return Math.floor((entry.expires_at - Date.now() + 500) / 1000);
  }

  override async keysWithPrefix(prefix: string): Promise<string[]> {
    this.assertOpen();
    const rows = this.db.all<{ key: string }>('SELECT key FROM kv WHERE substr(key, 1, length(?1)) = ?1 AND (expires_at IS NULL OR expires_at > ?2)', prefix, Date.now());
    return rows.map((row) => row.key);
  }

  /** Overwritten and deleted values are zeroed in the database (secure_delete); this moves them out of the WAL too. */
  override async compact(): Promise<void> {
    await this.sweep();
    await this.db.checkpoint();
  }

  override async ping(): Promise<void> {
    this.assertOpen();
    this.db.get('SELECT 1');
  }

  override async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweeper);
  }

  /** Stores one key as the previous release kept it (the NeDB→SQLite conversion), inside the caller's write. */
  importEntry(key: string, value: string, expiresAt: number | null): void {
    this.put(key, value, expiresAt);
  }

  private write<R>(change: () => R): Promise<R> {
    this.assertOpen();
    return this.db.write(change);
  }

  /** The row if it exists and has not expired (an expired one waits for the sweep, as if it were gone). */
  private live(key: string): Row | undefined {
    this.assertOpen();
    const row = this.db.get<Row>('SELECT value, expires_at FROM kv WHERE key = ?', key);
    if (!row || (row.expires_at !== null && row.expires_at <= Date.now())) return undefined;
    return row;
  }

  private put(key: string, value: string, expiresAt: number | null): void {
    this.db
      .statement('INSERT INTO kv (key, value, expires_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at')
      .run(key, value, expiresAt);
  }

  private remove(key: string): void {
    this.db.statement('DELETE FROM kv WHERE key = ?').run(key);
  }

  private async sweep(): Promise<void> {
    if (this.closed) return;
    const now = Date.now();
    if (!this.db.get('SELECT 1 FROM kv WHERE expires_at <= ? LIMIT 1', now)) return;
    await this.db.write(() => this.db.statement('DELETE FROM kv WHERE expires_at <= ?').run(now));
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('SqliteKeyValueStore is closed');
  }
}

function expiry(ttlSeconds: number | undefined): number | null {
  return ttlSeconds ? Date.now() + ttlSeconds * 1000 : null;
}

/** The members of a set entry; a value that is not a JSON array of strings holds none. */
function membersOf(entry: Row | undefined): string[] {
  if (!entry) return [];
  try {
    const parsed: unknown = JSON.parse(entry.value);
    return Array.isArray(parsed) ? parsed.filter((member): member is string => typeof member === 'string') : [];
  } catch {
    return [];
  }
}
