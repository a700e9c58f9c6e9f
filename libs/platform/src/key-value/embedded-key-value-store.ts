import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import Datastore from '@seald-io/nedb';
import { NEDB_MODES, NedbAppendLog } from '../document-store/nedb-append-log';
import { makePrivateDir } from '../fs/private-files';
import { installInPlaceIndexUpdate } from '../document-store/nedb-index-update';
import { KeyValueStore } from './key-value-store';

export interface EmbeddedKeyValueStoreOptions {
  /** Directory of `kv.db`; created when missing. */
  dir: string;
  /** How often expired keys are swept out of memory and the file (default 60 s). */
  sweepIntervalMs?: number;
}

interface Entry {
  value: string;
  /** Epoch milliseconds, or null for a key that never expires. */
  expiresAt: number | null;
}

/** One key as stored in `kv.db`. */
interface Row {
  _id: string;
  v: string;
  e: number | null;
}

/** Appended lines after which the file is rewritten, unless it holds more live keys. */
const COMPACTION_WRITES = 1000;

/**
 * The embedded KeyValueStore: reads come from an in-memory Map, every write is appended to
 * `<dir>/kv.db` (a NeDB datastore) before it resolves, so sessions survive a restart and an
 * acknowledged write survives the process being killed. Expiry times are absolute, checked on
 * every read and swept periodically.
 */
export class EmbeddedKeyValueStore extends KeyValueStore {
  private readonly entries = new Map<string, Entry>();
  /** Locks live in memory only: the embedded store has one process, and a restart frees them all. */
  private readonly locks = new Map<string, { token: string; expiresAt: number }>();
  private readonly datastore: Datastore<Row>;
  private readonly log: NedbAppendLog;
  private readonly sweepIntervalMs: number;
  private loading: Promise<void> | undefined;
  private sweeper: NodeJS.Timeout | undefined;
  private writes = 0;
  private closed = false;

  constructor(options: EmbeddedKeyValueStoreOptions) {
    super();
    installInPlaceIndexUpdate();
    const dir = path.resolve(options.dir);
    makePrivateDir(dir);
    this.datastore = new Datastore<Row>({ filename: path.join(dir, 'kv.db'), modes: NEDB_MODES });
    this.log = NedbAppendLog.install(this.datastore);
    this.sweepIntervalMs = options.sweepIntervalMs ?? 60_000;
  }

  override async get(key: string): Promise<string | null> {
    await this.load();
    return this.live(key)?.value ?? null;
  }

  override async getMany(keys: string[]): Promise<(string | null)[]> {
    await this.load();
    return keys.map((key) => this.live(key)?.value ?? null);
  }

  override async set(key: string, value: string, ttlSeconds?: number): Promise<void> {
    KeyValueStore.assertTtl(ttlSeconds);
    await this.load();
    await this.put(key, { value: String(value), expiresAt: ttlSeconds ? Date.now() + ttlSeconds * 1000 : null });
  }

  override async delete(key: string): Promise<void> {
    await this.load();
    this.entries.delete(key);
    await this.persistRemoval([key]);
  }

  override async incr(key: string, ttlSeconds?: number): Promise<number> {
    KeyValueStore.assertTtl(ttlSeconds);
    await this.load();
    // From here to put() nothing awaits, so concurrent increments cannot interleave.
    const entry = this.live(key);
    const next = (entry ? Number(entry.value) : 0) + 1;
    if ((entry && !/^-?\d+$/.test(entry.value)) || !Number.isSafeInteger(next)) {
      throw new Error(`Cannot increment ${key}: its value is not an integer or out of range`);
    }
    const expiresAt = ttlSeconds ? Date.now() + ttlSeconds * 1000 : (entry?.expiresAt ?? null);
    await this.put(key, { value: String(next), expiresAt });
    return next;
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

  // A set is kept as the JSON array of its members. From reading it to put() nothing awaits, so
  // concurrent changes of one set cannot interleave.
  override async addToSet(key: string, members: string[], ttlSeconds?: number): Promise<void> {
    KeyValueStore.assertTtl(ttlSeconds);
    await this.load();
    if (members.length === 0) return;
    const entry = this.live(key);
    const set = new Set([...membersOf(entry), ...members]);
    const expiresAt = ttlSeconds ? Date.now() + ttlSeconds * 1000 : (entry?.expiresAt ?? null);
    await this.put(key, { value: JSON.stringify([...set]), expiresAt });
  }

  override async removeFromSet(key: string, members: string[]): Promise<void> {
    await this.load();
    const entry = this.live(key);
    if (!entry) return;
    const gone = new Set(members);
    const left = membersOf(entry).filter((member) => !gone.has(member));
    if (left.length > 0) await this.put(key, { value: JSON.stringify(left), expiresAt: entry.expiresAt });
    else await this.delete(key);
  }

  override async setMembers(key: string): Promise<string[]> {
    await this.load();
    return membersOf(this.live(key));
  }

  override async ttl(key: string): Promise<number> {
    await this.load();
    const entry = this.live(key);
    if (!entry) return -2;
    if (entry.expiresAt === null) return -1;
    // Rounded to the nearest second, as Redis does.
    return Math.floor((entry.expiresAt - Date.now() + 500) / 1000);
  }

  override async keysWithPrefix(prefix: string): Promise<string[]> {
    await this.load();
    return [...this.entries.keys()].filter((key) => key.startsWith(prefix) && this.live(key) !== undefined);
  }

  /** Rewrites `kv.db` with the live keys only (temp file + rename), after the writes already queued. */
  override async compact(): Promise<void> {
    await this.load();
    this.writes = 0;
    await this.datastore.compactDatafileAsync();
  }

  override async ping(): Promise<void> {
    await this.load();
  }

  /** Waits for every acknowledged write to reach the file; later calls reject. */
  override async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.sweeper);
    const loading = this.loading;
    if (!loading || !(await loading.then(() => true, () => false))) return;
    clearInterval(this.sweeper);
    await this.datastore.countAsync({ _id: '' });
    this.log.close();
  }

  private load(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('EmbeddedKeyValueStore is closed'));
    if (!this.loading) {
      this.loading = this.readFile();
      this.loading.catch(() => (this.loading = undefined));
    }
    return this.loading;
  }

  private async readFile(): Promise<void> {
    await this.datastore.loadDatabaseAsync();
    const now = Date.now();
    const expired: string[] = [];
    for (const row of this.datastore.getAllData()) {
      if (row.e !== null && row.e <= now) expired.push(row._id);
      else this.entries.set(row._id, { value: row.v, expiresAt: row.e });
    }
    if (expired.length > 0) await this.persistRemoval(expired);
    this.sweeper = setInterval(() => this.sweep(), this.sweepIntervalMs);
    this.sweeper.unref();
  }

  /** The entry if it exists and has not expired; an expired one is dropped on the way. */
  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt === null || entry.expiresAt > Date.now()) return entry;
    this.entries.delete(key);
    this.persistRemoval([key]).catch(() => undefined);
    return undefined;
  }

  /**
   * Changes the Map and queues the matching file write in the same synchronous step: NeDB runs
   * its queue in order, so the file sees the writes in the order the Map did.
   */
  private async put(key: string, entry: Entry): Promise<void> {
    this.entries.set(key, entry);
    const row: Row = { _id: key, v: entry.value, e: entry.expiresAt };
    await this.datastore.updateAsync({ _id: key }, row, { upsert: true });
    this.wrote(1);
  }

  private async persistRemoval(keys: string[]): Promise<void> {
    const query = keys.length === 1 ? { _id: keys[0] } : { _id: { $in: keys } };
    const removed = await this.datastore.removeAsync(query, { multi: true });
    this.wrote(removed);
  }

  private sweep(): void {
    const now = Date.now();
    const expired: string[] = [];
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt !== null && entry.expiresAt <= now) expired.push(key);
    }
    for (const key of expired) this.entries.delete(key);
    if (expired.length > 0) this.persistRemoval(expired).catch(() => undefined);
  }

  private wrote(count: number): void {
    this.writes += count;
    if (this.writes < COMPACTION_WRITES || this.writes < this.entries.size) return;
    this.writes = 0;
    // Crash-safe (temp file + rename), queued behind the writes already waiting.
    this.datastore.compactDatafileAsync().catch(() => undefined);
  }
}

/** The members of a set entry; a value that is not a JSON array of strings holds none. */
function membersOf(entry: Entry | undefined): string[] {
  if (!entry) return [];
  try {
    const parsed: unknown = JSON.parse(entry.value);
    return Array.isArray(parsed) ? parsed.filter((member): member is string => typeof member === 'string') : [];
  } catch {
    return [];
  }
}
