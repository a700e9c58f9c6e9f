import { AsyncLocalStorage } from 'node:async_hooks';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DatabaseSync, backup, type StatementSync } from 'node:sqlite';
import { PRIVATE_FILE_MODE, makePrivateDir } from '../fs/private-files';

export interface SqliteDatabaseOptions {
  /** The database file; created (0600, in a 0700 directory) when missing. Its `-wal` and `-shm` files sit beside it. */
  file: string;
  /**
   * false: a write resolves at its commit, without a sync of its own (the WAL reaches the disk at
   * SQLite's checkpoints). For derived data that is rebuilt or replayed from elsewhere: a crash of
   * the process loses nothing committed, a power cut may lose the last commits whole, never part of one.
   * Default true (see the class comment).
   */
  durable?: boolean;
}

/** A running `transaction`: the writes of its async context join it; everyone else's wait until it ends. */
class Unit {
  readonly done: Promise<void>;
  end!: () => void;

  constructor() {
    this.done = new Promise<void>((resolve) => (this.end = resolve));
  }
}

/** Someone waiting until the commits up to `seq` have reached a state (committed, or synced). */
interface Waiter {
  seq: number;
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * The handler of a request whose writes resolve at their commit and are made durable together
 * before its reply (`durableAtEnd`): `last` is the commit number of its latest write.
 */
class Batch {
  last = 0;
}

/**
 * One SQLite database file shared by the embedded adapters (documents, key-value data, small
 * blobs), opened with `node:sqlite` in WAL mode.
 *
 * **Durability.** A write resolves only after the commit that holds it is synced to the disk.
 * SQLite runs with `synchronous=NORMAL`, so COMMIT appends the transaction's frames to the WAL
 * without syncing and does not block the event loop on the disk; this class then calls
 * `fdatasync` on the WAL file in libuv's thread pool and acknowledges the commit's writes when
 * it returns. That is the sync `synchronous=FULL` would make inside COMMIT, moved off the main
 * thread. Checkpoints stay SQLite's: in WAL mode with NORMAL it syncs the WAL before copying it
 * into the database and syncs the database after, so an acknowledged frame is on the disk in
 * the WAL or in the database at every moment. A write that is committed but not yet synced can
 * be read by others in this process (it is not yet acknowledged to its own caller).
 *
 * **Group commit.** The first write of an event-loop turn opens a transaction; every write in
 * the same turn joins it (each in its own savepoint, so a failing write undoes only itself), and
 * one COMMIT plus one sync acknowledge them all. While a sync is under way, the next turns' writes
 * commit and wait for the next one, so under load each sync acknowledges many writes.
 *
 * **Replies.** Inside `durableAtEnd(work)` (the transport runs every message handler in one), a
 * write resolves at its commit, without waiting for the sync, and `durableAtEnd` resolves only
 * once one sync covers all of the handler's writes: a request that writes five times waits for the
 * disk once, before its reply, instead of five times in a row. Nothing is acknowledged outside
 * the process before it is durable.
 *
 * **Units.** `transaction(work)` makes every write of `work`'s async context (found through
 * AsyncLocalStorage) one savepoint that is kept or rolled back whole; writes from other contexts
 * wait until the unit ends, so a rollback never takes theirs with it.
 *
 * One process owns the file (the embedded app, or one distributed service on its own DATA_DIR);
 * a backup may read it from another process at any time.
 */
export class SqliteDatabase {
  readonly file: string;
  private readonly db: DatabaseSync;
  private readonly statements = new Map<string, StatementSync>();
  private readonly units = new AsyncLocalStorage<Unit>();
  /** The unit running now, if any. */
  private unit: Unit | undefined;
  private readonly batches = new AsyncLocalStorage<Batch>();
  /** A transaction is open (BEGIN issued, COMMIT not yet): it will be commit number `committedSeq + 1`. */
  private open = false;
  /** Commits made so far, and how many of them are known to be on the disk. */
  private committedSeq = 0;
  private syncedSeq = 0;
  /** Waiting for a commit, or for a sync, of their commit number. */
  private untilCommitted: Waiter[] = [];
  private untilSynced: Waiter[] = [];
  private flushScheduled = false;
  private syncing = false;
  private walFd: number | undefined;
  private closed = false;
  private readonly durable: boolean;

  constructor(options: SqliteDatabaseOptions) {
    this.file = path.resolve(options.file);
    this.durable = options.durable ?? true;
    makePrivateDir(path.dirname(this.file));
    // SQLite creates the -wal and -shm files with the database file's permissions.
    fs.closeSync(fs.openSync(this.file, 'a', PRIVATE_FILE_MODE));
    this.db = new DatabaseSync(this.file);
    // 8 KB pages for a new database (before WAL mode, after which it cannot change): a page of a
    // few KB fills half of a 4 KB page and leaves the rest empty; at 8 KB three fit.
    this.db.exec('PRAGMA page_size = 8192');
    const mode = this.get<{ journal_mode: string }>('PRAGMA journal_mode = WAL')?.journal_mode;
    if (mode !== 'wal') throw new Error(`SQLite refused WAL mode for ${this.file} (journal_mode=${mode})`);
    this.db.exec('PRAGMA synchronous = NORMAL; PRAGMA secure_delete = ON; PRAGMA busy_timeout = 5000; PRAGMA temp_store = MEMORY; PRAGMA cache_size = -32768');
  }

  /** A prepared statement, compiled once per SQL text. */
  statement(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /** Runs SQL without results (schema changes, pragmas). */
  exec(sql: string): void {
    this.db.exec(sql);
  }

  get<R>(sql: string, ...params: SqlValue[]): R | undefined {
    return this.statement(sql).get(...params) as R | undefined;
  }

  all<R>(sql: string, ...params: SqlValue[]): R[] {
    return this.statement(sql).all(...params) as R[];
  }

  /** Registers a deterministic SQL function (e.g. `regexp`). */
  function(name: string, fn: (...args: SqlValue[]) => SqlValue): void {
    this.db.function(name, { deterministic: true }, fn);
  }

  /**
   * Runs `change` (synchronous SQL) as one write: all of it or, when it throws, none of it.
   * Resolves with its result once the commit that holds it is synced; rejects at once when it throws.
   */
  async write<R>(change: () => R): Promise<R> {
    this.assertOpen();
    const own = this.units.getStore();
    if (own !== undefined && own === this.unit) return this.step(change);
    while (this.unit) await this.unit.done;
    this.assertOpen();
    const result = this.step(change);
    await this.acknowledgement();
    return result;
  }

  /**
   * Runs `work` with its writes resolving at their commit, and resolves (or rejects with `work`'s
   * error) only once every commit holding one of them is synced. For a message handler: its reply
   * leaves the process durable, and its writes do not wait for the disk one by one.
   */
  async durableAtEnd<R>(work: () => Promise<R>): Promise<R> {
    const batch = new Batch();
    try {
      return await this.batches.run(batch, work);
    } finally {
      // A commit that failed took its number with it (its write rejected): wait only for what was kept.
      const last = this.open ? batch.last : Math.min(batch.last, this.committedSeq);
      if (last > this.syncedSeq) await this.wait(this.untilSynced, last);
    }
  }

  /**
   * Runs `work` as one unit: its writes are kept together or not at all (see the class comment).
   * A unit inside a unit joins it.
   */
  async transaction<R>(work: () => Promise<R>): Promise<R> {
    this.assertOpen();
    const outer = this.units.getStore();
    if (outer !== undefined && outer === this.unit) return work();
    while (this.unit) await this.unit.done;
    this.assertOpen();
    const unit = new Unit();
    this.unit = unit;
    this.begin();
    this.db.exec('SAVEPOINT unit');
    let result: R;
    try {
      result = await this.units.run(unit, work);
    } catch (error) {
      this.db.exec('ROLLBACK TO unit; RELEASE unit');
      this.endUnit(unit);
      throw error;
    }
    this.db.exec('RELEASE unit');
    const acknowledged = this.acknowledgement();
    this.endUnit(unit);
    await acknowledged;
    return result;
  }

  /**
   * A consistent copy of the database in `target` (SQLite's online backup, page by page while
   * writes go on), including every write acknowledged before the call. Resolves with its size in bytes.
   */
  async backup(target: string): Promise<number> {
    await this.settled();
    await backup(this.db, target, { rate: 1000 });
    fs.chmodSync(target, PRIVATE_FILE_MODE);
    return fs.statSync(target).size;
  }

  /** Resolves once every write made so far is committed and synced. */
  async settled(): Promise<void> {
    const last = this.open ? this.committedSeq + 1 : this.committedSeq;
    if (last > this.syncedSeq) await this.wait(this.untilSynced, last);
  }

  /**
   * Copies the WAL into the database and empties it (the WAL keeps earlier images of changed pages;
   * with secure_delete the database keeps no overwritten or deleted value), after every write made so far.
   */
  async checkpoint(): Promise<void> {
    for (;;) {
      this.assertOpen();
      while (this.unit) await this.unit.done;
      await this.settled();
      if (!this.open && !this.unit) break;
    }
    this.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  }

  /** Commits and syncs what is pending, then closes the file; later calls reject. */
  async close(): Promise<void> {
    if (this.closed) return;
    while (this.unit) await this.unit.done;
    await this.settled();
    this.closed = true;
    if (this.walFd !== undefined) fs.closeSync(this.walFd);
    this.walFd = undefined;
    this.db.close();
  }

  private assertOpen(): void {
    if (this.closed) throw new Error(`The database ${this.file} is closed`);
  }

  /** One write inside the open transaction, in a savepoint so that a throw undoes only this write. */
  private step<R>(change: () => R): R {
    this.begin();
    this.db.exec('SAVEPOINT step');
    try {
      const result = change();
      this.db.exec('RELEASE step');
      return result;
    } catch (error) {
      this.db.exec('ROLLBACK TO step; RELEASE step');
      throw error;
    }
  }

  private begin(): void {
    if (this.open) return;
    this.db.exec('BEGIN IMMEDIATE');
    this.open = true;
    this.scheduleFlush();
  }

  private endUnit(unit: Unit): void {
    this.unit = undefined;
    unit.end();
    this.scheduleFlush();
  }

  /**
   * Resolves when the open transaction, which holds the caller's write, is synced; inside
   * `durableAtEnd`, when it is committed (the batch waits for the sync at its end).
   */
  private acknowledgement(): Promise<void> {
    const seq = this.committedSeq + 1;
    const batch = this.batches.getStore();
    if (!batch) return this.wait(this.untilSynced, seq);
    batch.last = seq;
    return this.wait(this.untilCommitted, seq);
  }

  private wait(waiters: Waiter[], seq: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      waiters.push({ seq, resolve, reject });
      this.scheduleFlush();
    });
  }

  /** Commits at the end of the event-loop turn, so that the turn's writes share the commit. */
  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    if (this.unit) return; // the unit's end schedules the next flush
    if (this.open) {
      this.open = false;
      const seq = this.committedSeq + 1;
      try {
        this.db.exec('COMMIT');
        this.committedSeq = seq;
        settle(this.untilCommitted, seq);
      } catch (error) {
        try {
          this.db.exec('ROLLBACK');
        } catch {
          // SQLite rolled back already
        }
        // The writes of that transaction are gone: their callers hear why, later ones go on.
        settle(this.untilCommitted, seq, error);
        settle(this.untilSynced, seq, error, (waiter) => waiter.seq === seq);
      }
    }
    this.sync();
  }

  /** Syncs the WAL once for every commit made before it started, then wakes who waited for those (not durable: at once). */
  private sync(): void {
    if (this.syncing || this.syncedSeq >= this.committedSeq) return;
    if (!this.durable) {
      this.syncedSeq = this.committedSeq;
      settle(this.untilSynced, this.syncedSeq);
      return;
    }
    const target = this.committedSeq;
    this.syncing = true;
    fs.fdatasync(this.wal(), (error) => {
      this.syncing = false;
      if (error) {
        settle(this.untilSynced, target, error);
      } else {
        this.syncedSeq = target;
        settle(this.untilSynced, target);
      }
      this.sync();
    });
  }

  /** The WAL file's descriptor (SQLite keeps the file while the database is open; it resets it in place). */
  private wal(): number {
    this.walFd ??= fs.openSync(`${this.file}-wal`, 'r');
    return this.walFd;
  }
}

export type SqlValue = null | number | bigint | string | Uint8Array;

/**
 * Wakes the waiters of commit numbers up to `seq` (only those `which` picks, when given):
 * resolved, or rejected with `error`; the others keep waiting.
 */
function settle(waiters: Waiter[], seq: number, error?: unknown, which: (waiter: Waiter) => boolean = (waiter) => waiter.seq <= seq): void {
  let kept = 0;
  for (const waiter of waiters) {
    if (!which(waiter)) {
      waiters[kept++] = waiter;
    } else if (error === undefined) {
      waiter.resolve();
    } else {
      waiter.reject(error);
    }
  }
  waiters.length = kept;
}
