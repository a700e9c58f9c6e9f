import { AsyncLocalStorage } from 'node:async_hooks';
import { Logger } from '@nestjs/common';
import mongoose from 'mongoose';
import { Collection, DocumentStore, DuplicateKeyError, type Filter, type FindOptions, type IndexSpec, type Update } from './document-store';
import { COUNTERS_COLLECTION, assertCollectionName, assertDefinedFilter, normalizeUpdate, withoutUndefined, type PlainObject } from './plain-document';

type Db = mongoose.mongo.Db;
type NativeCollection = mongoose.mongo.Collection<mongoose.mongo.Document>;
type NativeFilter = mongoose.mongo.Filter<mongoose.mongo.Document>;
type NativeUpdate = mongoose.mongo.UpdateFilter<mongoose.mongo.Document>;
type Session = mongoose.mongo.ClientSession;

export interface MongoDocumentStoreOptions {
  /** A MongoDB connection string naming the database, e.g. `mongodb://mongo:27017/quire`. */
  url: string;
  /** How long an operation waits for a reachable server before it fails (default 10 s). */
  serverSelectionTimeoutMS?: number;
  /** Between two attempts at the first connection (default 1 s). */
  connectRetryMs?: number;
}

const DUPLICATE_KEY_CODES = new Set([11000, 11001]);

/** A running `transaction`: its session, and its operations one after another. */
interface MongoUnit {
  readonly session: Session;
  /** The end of the unit's last operation: MongoDB runs one operation of a transaction at a time. */
  tail: Promise<unknown>;
  /** The first failed operation of this attempt: MongoDB has aborted the transaction at it. */
  failure?: { error: unknown };
}

/** The units of one store: the one the current async context runs in, found through AsyncLocalStorage. */
class MongoUnits {
  private readonly current = new AsyncLocalStorage<MongoUnit>();

  get active(): boolean {
    return this.current.getStore() !== undefined;
  }

  /**
   * One attempt of a unit on `session`. An operation that `work` started but did not await still
   * belongs to it; one that failed, even if `work` caught its error, has aborted the transaction.
   */
  attempt<R>(session: Session, work: () => Promise<R>): Promise<R> {
    const unit: MongoUnit = { session, tail: Promise.resolve() };
    return this.current.run(unit, async () => {
      let result: R;
      try {
        result = await work();
      } finally {
        await unit.tail;
      }
      if (unit.failure) throw unit.failure.error;
      return result;
    });
  }

  /**
   * Runs a driver call on its own, or, inside a unit, with the unit's session after the unit's
   * earlier calls (so `Promise.all` inside a unit is safe: the driver refuses parallel operations
   * in one transaction). MongoDB aborts a transaction at its first failed command, so once one call
   * of a unit failed, every later call of the same attempt fails with that error, instead of
   * meeting NoSuchTransaction (whose TransientTransactionError label would run the unit again and
   * again until the driver gives up after 120 s).
   */
  call<R>(call: (session: Session | undefined) => Promise<R>): Promise<R> {
    const unit = this.current.getStore();
    if (!unit) return call(undefined);
    const run = async (): Promise<R> => {
      if (unit.failure) throw unit.failure.error;
      try {
        return await call(unit.session);
      } catch (error) {
        unit.failure ??= { error };
        throw error;
      }
    };
    const result = unit.tail.then(run, run);
    unit.tail = result.catch(() => undefined);
    return result;
  }
}

/**
 * The distributed DocumentStore: MongoDB through mongoose's connection, using the native
 * driver collections (no schemas, no buffering). Documents are read with `{ _id: 0 }`.
 * A MongoDB that cannot be reached at boot is tried again until it answers (operations wait for
 * it, `ping` fails at once meanwhile); once connected, the driver reconnects by itself.
 * A `transaction` is a multi-document transaction on a session that the unit's async context
 * carries (AsyncLocalStorage), so every operation made inside it, `nextId` included, joins it.
 */
export class MongoDocumentStore extends DocumentStore {
  private readonly logger = new Logger(MongoDocumentStore.name);
  private connection: mongoose.Connection | undefined;
  private readonly ready: Promise<Db>;
  private readonly collections = new Map<string, MongoCollection<object>>();
  private readonly units = new MongoUnits();
  private connected = false;
  private closed = false;
  private lastError = 'not connected yet';
  private wakeRetry: () => void = () => undefined;

  constructor(private readonly options: MongoDocumentStoreOptions) {
    super();
    this.ready = this.connect();
    // Rejects only once closed; do not crash on an unhandled rejection.
    this.ready.catch(() => undefined);
  }

  /** The first connection, attempted until it succeeds or the store is closed. */
  private async connect(): Promise<Db> {
    for (let attempt = 1; !this.closed; attempt++) {
      const connection = mongoose.createConnection(this.options.url, {
        serverSelectionTimeoutMS: this.options.serverSelectionTimeoutMS ?? 10_000,
        autoIndex: false,
        autoCreate: false,
      });
      this.connection = connection;
      try {
        await connection.asPromise();
        if (!connection.db) throw new Error('MongoDB connection has no database');
        if (attempt > 1) this.logger.log('MongoDB answers: connected');
        this.connected = true;
        return connection.db;
      } catch (error) {
        this.lastError = error instanceof Error ? error.message : String(error);
        if (attempt === 1) this.logger.warn(`MongoDB is not reachable yet (${this.lastError}); trying again until it is`);
        await connection.close().catch(() => undefined);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.options.connectRetryMs ?? 1_000);
          this.wakeRetry = () => (clearTimeout(timer), resolve());
        });
      }
    }
    throw new Error('MongoDocumentStore is closed');
  }

  override collection<T extends object>(name: string): Collection<T> {
    assertCollectionName(name);
    let collection = this.collections.get(name);
    if (!collection) {
      collection = new MongoCollection<object>(name, async () => (await this.ready).collection(name), this.units);
      this.collections.set(name, collection);
    }
    return collection as unknown as Collection<T>;
  }

  /**
   * `session.withTransaction` runs `work` again on a TransientTransactionError (a write conflict
   * with another transaction, a lost connection) and retries an unknown commit result. Each attempt
   * is a unit of its own: a failure of the previous attempt does not carry over.
   */
  override async transaction<R>(work: () => Promise<R>): Promise<R> {
    if (this.units.active) return work();
    const session = (await this.ready).client.startSession();
    try {
      return await session.withTransaction(() => this.units.attempt(session, work));
    } finally {
      await session.endSession();
    }
  }

  override async nextId(sequence: string): Promise<number> {
    const counters = (await this.ready).collection<{ _id: string; seq: number }>(COUNTERS_COLLECTION);
    const increment = () => this.units.call((session) => counters.findOneAndUpdate({ _id: sequence }, { $inc: { seq: 1 } }, { upsert: true, returnDocument: 'after', session }));
    let counter;
    try {
      counter = await increment();
    } catch (error) {
      // Two first-ever upserts of one sequence can race on _id; the loser simply tries again
      // (inside a unit the transaction is aborted by then: the unit fails, or is run again).
      if (!isDuplicateKey(error) || this.units.active) throw error;
      counter = await increment();
    }
    if (!counter) throw new Error(`nextId(${sequence}) returned no counter`);
    return counter.seq;
  }

  override async ping(): Promise<void> {
    if (!this.connected) throw new Error(`MongoDB does not answer: ${this.lastError}`);
    await (await this.ready).command({ ping: 1 });
  }

  override async close(): Promise<void> {
    this.closed = true;
    this.wakeRetry();
    await this.connection?.close();
  }
}

class MongoCollection<T extends object> extends Collection<T> {
  constructor(
    private readonly name: string,
    private readonly native: () => Promise<NativeCollection>,
    private readonly units: MongoUnits,
  ) {
    super();
  }

  override async ensureIndex(spec: IndexSpec<T>): Promise<void> {
    const collection = await this.native();
    await this.write((session) => collection.createIndex({ [spec.field]: 1 }, { unique: spec.unique ?? false, sparse: spec.sparse ?? false, session }));
  }

  override async insertOne(doc: T): Promise<T> {
    const copy = withoutUndefined(doc) as PlainObject;
    const collection = await this.native();
    // The driver adds `_id` to what it is given: hand it a copy and return the caller's shape.
    await this.write((session) => collection.insertOne({ ...copy }, { session }));
    return copy as T;
  }

  override async insertMany(docs: T[]): Promise<T[]> {
    if (docs.length === 0) return [];
    const copies = docs.map((doc) => withoutUndefined(doc) as PlainObject);
    const collection = await this.native();
    await this.write((session) =>
      collection.insertMany(
        copies.map((copy) => ({ ...copy })),
        { session },
      ),
    );
    return copies as T[];
  }

  override async findOne(filter: Filter<T>, options: Pick<FindOptions<T>, 'sort' | 'fields'> = {}): Promise<T | null> {
    const [doc] = await this.find(filter, { ...options, limit: 1 });
    return doc ?? null;
  }

  override async find(filter: Filter<T>, options: FindOptions<T> = {}): Promise<T[]> {
    const collection = await this.native();
    const query = this.query(filter);
    return this.units.call(async (session) => {
      let cursor = collection.find(query, { projection: projection(options.fields), session });
      if (options.sort && Object.keys(options.sort).length > 0) cursor = cursor.sort({ ...options.sort } as mongoose.mongo.Sort);
      if (options.skip) cursor = cursor.skip(options.skip);
      if (options.limit) cursor = cursor.limit(options.limit);
      return (await cursor.toArray()) as T[];
    });
  }

  /**
   * The `count` command: one round trip and no cursor, where `countDocuments` runs an aggregation
   * (a cursor, its batches and a session) for the same answer. MongoDB runs `count` in a
   * transaction since 4.4.
   */
  override async count(filter: Filter<T>): Promise<number> {
    const collection = await this.native();
    const query = this.query(filter);
    const reply = await this.units.call((session) => collection.db.command({ count: this.name, query }, { session }));
    return Number(reply.n);
  }

  override async updateOne(filter: Filter<T>, update: Update<T>): Promise<number> {
    const collection = await this.native();
    const query = this.query(filter);
    const changes = this.update(update);
    const result = await this.write((session) => collection.updateOne(query, changes, { session }));
    return result.matchedCount;
  }

  override async updateMany(filter: Filter<T>, update: Update<T>): Promise<number> {
    const collection = await this.native();
    const query = this.query(filter);
    const changes = this.update(update);
    const result = await this.write((session) => collection.updateMany(query, changes, { session }));
    return result.matchedCount;
  }

  override async findOneAndUpdate(filter: Filter<T>, update: Update<T>): Promise<T | null> {
    const collection = await this.native();
    const query = this.query(filter);
    const changes = this.update(update);
    const doc = await this.write((session) => collection.findOneAndUpdate(query, changes, { returnDocument: 'after', projection: { _id: 0 }, session }));
    return (doc as T | null) ?? null;
  }

  override async deleteOne(filter: Filter<T>): Promise<number> {
    const collection = await this.native();
    const query = this.query(filter);
    return (await this.units.call((session) => collection.deleteOne(query, { session }))).deletedCount;
  }

  override async deleteMany(filter: Filter<T>): Promise<number> {
    const collection = await this.native();
    const query = this.query(filter);
    return (await this.units.call((session) => collection.deleteMany(query, { session }))).deletedCount;
  }

  /** MongoDB keeps no earlier versions of a document to drop. */
  override async compact(): Promise<void> {
    await this.native();
  }

  private query(filter: Filter<T>): NativeFilter {
    assertDefinedFilter(filter, this.name);
    return toMongoQuery(filter);
  }

  private update(update: Update<T>): NativeUpdate {
    return normalizeUpdate(update as PlainObject, this.name);
  }

  /** Runs a write (in the current unit, if any), turning E11000 into the port's DuplicateKeyError. */
  private write<R>(operation: (session: Session | undefined) => Promise<R>): Promise<R> {
    return this.units.call(async (session) => {
      try {
        return await operation(session);
      } catch (error) {
        if (isDuplicateKey(error)) throw new DuplicateKeyError(this.name, (error as Error).message);
        throw error;
      }
    });
  }
}

function isDuplicateKey(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' && DUPLICATE_KEY_CODES.has(code);
}

function projection(fields: readonly PropertyKey[] | undefined): PlainObject {
  const result: PlainObject = { _id: 0 };
  for (const field of fields ?? []) result[String(field)] = 1;
  return result;
}

/** MongoDB speaks the port's filters natively, except that it refuses an empty `$or` (the port: matches nothing). */
function toMongoQuery(filter: PlainObject): PlainObject {
  const query: PlainObject = {};
  for (const [field, value] of Object.entries(filter)) {
    if (field !== '$or') {
      query[field] = value;
    } else if (Array.isArray(value) && value.length === 0) {
      query._id = { $in: [] };
    } else {
      query.$or = (value as PlainObject[]).map(toMongoQuery);
    }
  }
  return query;
}
