import { Logger } from '@nestjs/common';
import mongoose from 'mongoose';
import {
  Collection,
  DocumentStore,
  DuplicateKeyError,
  type Filter,
  type FindOptions,
  type IndexSpec,
  type Update,
} from './document-store';
import {
  COUNTERS_COLLECTION,
  assertCollectionName,
  assertDefinedFilter,
  normalizeUpdate,
  withoutUndefined,
  type PlainObject,
} from './plain-document';

type Db = mongoose.mongo.Db;
type NativeCollection = mongoose.mongo.Collection<mongoose.mongo.Document>;
type NativeFilter = mongoose.mongo.Filter<mongoose.mongo.Document>;
type NativeUpdate = mongoose.mongo.UpdateFilter<mongoose.mongo.Document>;

export interface MongoDocumentStoreOptions {
  /** A MongoDB connection string naming the database, e.g. `mongodb://mongo:27017/quire`. */
  url: string;
  /** How long an operation waits for a reachable server before it fails (default 10 s). */
  serverSelectionTimeoutMS?: number;
  /** Between two attempts at the first connection (default 1 s). */
  connectRetryMs?: number;
}

const DUPLICATE_KEY_CODES = new Set([11000, 11001]);

/**
 * The distributed DocumentStore: MongoDB through mongoose's connection, using the native
 * driver collections (no schemas, no buffering). Documents are read with `{ _id: 0 }`.
 * A MongoDB that cannot be reached at boot is tried again until it answers (operations wait for
 * it, `ping` fails at once meanwhile); once connected, the driver reconnects by itself.
 */
export class MongoDocumentStore extends DocumentStore {
  private readonly logger = new Logger(MongoDocumentStore.name);
  private connection: mongoose.Connection | undefined;
  private readonly ready: Promise<Db>;
  private readonly collections = new Map<string, MongoCollection<object>>();
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
      collection = new MongoCollection<object>(name, async () => (await this.ready).collection(name));
      this.collections.set(name, collection);
    }
    return collection as unknown as Collection<T>;
  }

  override async nextId(sequence: string): Promise<number> {
    const counters = (await this.ready).collection<{ _id: string; seq: number }>(COUNTERS_COLLECTION);
    const increment = () =>
      counters.findOneAndUpdate({ _id: sequence }, { $inc: { seq: 1 } }, { upsert: true, returnDocument: 'after' });
    let counter;
    try {
      counter = await increment();
    } catch (error) {
      // Two first-ever upserts of one sequence can race on _id; the loser simply tries again.
      if (!isDuplicateKey(error)) throw error;
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
  ) {
    super();
  }

  override async ensureIndex(spec: IndexSpec<T>): Promise<void> {
    const collection = await this.native();
    await this.write(() =>
      collection.createIndex({ [spec.field]: 1 }, { unique: spec.unique ?? false, sparse: spec.sparse ?? false }),
    );
  }

  override async insertOne(doc: T): Promise<T> {
    const copy = withoutUndefined(doc) as PlainObject;
    const collection = await this.native();
    // The driver adds `_id` to what it is given: hand it a copy and return the caller's shape.
    await this.write(() => collection.insertOne({ ...copy }));
    return copy as T;
  }

  override async insertMany(docs: T[]): Promise<T[]> {
    if (docs.length === 0) return [];
    const copies = docs.map((doc) => withoutUndefined(doc) as PlainObject);
    const collection = await this.native();
    await this.write(() => collection.insertMany(copies.map((copy) => ({ ...copy }))));
    return copies as T[];
  }

  override async findOne(filter: Filter<T>, options: Pick<FindOptions<T>, 'sort' | 'fields'> = {}): Promise<T | null> {
    const [doc] = await this.find(filter, { ...options, limit: 1 });
    return doc ?? null;
  }

  override async find(filter: Filter<T>, options: FindOptions<T> = {}): Promise<T[]> {
    const collection = await this.native();
    let cursor = collection.find(this.query(filter), { projection: projection(options.fields) });
    if (options.sort && Object.keys(options.sort).length > 0) cursor = cursor.sort({ ...options.sort } as mongoose.mongo.Sort);
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit) cursor = cursor.limit(options.limit);
    return (await cursor.toArray()) as T[];
  }

  /**
   * The `count` command: one round trip and no cursor, where `countDocuments` runs an aggregation
   * (a cursor, its batches and a session) for the same answer. Quire never counts inside a transaction.
   */
  override async count(filter: Filter<T>): Promise<number> {
    const collection = await this.native();
    const reply = await collection.db.command({ count: this.name, query: this.query(filter) });
    return Number(reply.n);
  }

  override async updateOne(filter: Filter<T>, update: Update<T>): Promise<number> {
    const collection = await this.native();
    const query = this.query(filter);
    const result = await this.write(() => collection.updateOne(query, this.update(update)));
    return result.matchedCount;
  }

  override async updateMany(filter: Filter<T>, update: Update<T>): Promise<number> {
    const collection = await this.native();
    const query = this.query(filter);
    const result = await this.write(() => collection.updateMany(query, this.update(update)));
    return result.matchedCount;
  }

  override async findOneAndUpdate(filter: Filter<T>, update: Update<T>): Promise<T | null> {
    const collection = await this.native();
    const query = this.query(filter);
    const doc = await this.write(() =>
      collection.findOneAndUpdate(query, this.update(update), { returnDocument: 'after', projection: { _id: 0 } }),
    );
    return (doc as T | null) ?? null;
  }

  override async deleteOne(filter: Filter<T>): Promise<number> {
    const collection = await this.native();
    return (await collection.deleteOne(this.query(filter))).deletedCount;
  }

  override async deleteMany(filter: Filter<T>): Promise<number> {
    const collection = await this.native();
    return (await collection.deleteMany(this.query(filter))).deletedCount;
  }

  /** MongoDB keeps no earlier versions of a document to drop. */
  override async compact(): Promise<void> {
    await this.native();
  }

  private query(filter: Filter<T>): NativeFilter {
    assertDefinedFilter(filter as PlainObject, this.name);
    return toMongoQuery(filter as PlainObject) as NativeFilter;
  }

  private update(update: Update<T>): NativeUpdate {
    return normalizeUpdate(update as PlainObject, this.name) as NativeUpdate;
  }

  /** Runs a write, turning E11000 into the port's DuplicateKeyError. */
  private async write<R>(operation: () => Promise<R>): Promise<R> {
    try {
      return await operation();
    } catch (error) {
      if (isDuplicateKey(error)) throw new DuplicateKeyError(this.name, (error as Error).message);
      throw error;
    }
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
