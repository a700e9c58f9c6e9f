import * as fs from 'node:fs';
import * as path from 'node:path';
import Datastore from '@seald-io/nedb';
import {
  Collection,
  DocumentStore,
  DuplicateKeyError,
  type Filter,
  type FindOptions,
  type IndexSpec,
  type Update,
} from './document-store';
import { makePrivateDir } from '../fs/private-files';
import { NEDB_MODES, NedbAppendLog } from './nedb-append-log';
import { installInPlaceIndexUpdate } from './nedb-index-update';
import {
  COUNTERS_COLLECTION,
  assertCollectionName,
  assertDefinedFilter,
  isCondition,
  normalizeUpdate,
  withoutUndefined,
  type PlainObject,
} from './plain-document';

type NedbDocument = PlainObject & { _id?: string };
type Nedb = Datastore<PlainObject>;

export interface NedbDocumentStoreOptions {
  /** Directory of the `<collection>.db` files; created when missing. */
  dir: string;
}

/** Appended lines after which a collection file is rewritten, unless it holds more live documents. */
const COMPACTION_WRITES = 1000;

/**
 * The embedded DocumentStore: one NeDB datastore (an append-only JSON-lines file) per collection,
 * `<dir>/<collection>.db`, loaded on first use. A write resolves once its line is appended to the
 * file, so an acknowledged write survives the process being killed.
 */
export class NedbDocumentStore extends DocumentStore {
  private readonly dir: string;
  private readonly files = new Map<string, Promise<NedbFile>>();
  private readonly collections = new Map<string, NedbCollection<object>>();
  private closed = false;

  constructor(options: NedbDocumentStoreOptions) {
    super();
    installInPlaceIndexUpdate();
    this.dir = path.resolve(options.dir);
    makePrivateDir(this.dir);
  }

  override collection<T extends object>(name: string): Collection<T> {
    assertCollectionName(name);
    let collection = this.collections.get(name);
    if (!collection) {
      collection = new NedbCollection<object>(name, () => this.file(name));
      this.collections.set(name, collection);
    }
    return collection as unknown as Collection<T>;
  }

  override async nextId(sequence: string): Promise<number> {
    const file = await this.file(COUNTERS_COLLECTION);
    const { affectedDocuments } = await file.datastore.updateAsync(
      { _id: sequence },
      { $inc: { seq: 1 } },
      { upsert: true, returnUpdatedDocs: true },
    );
    file.wrote(1);
    return (affectedDocuments as unknown as { seq: number }).seq;
  }

  override async ping(): Promise<void> {
    if (this.closed) throw new Error('NedbDocumentStore is closed');
    await fs.promises.access(this.dir, fs.constants.W_OK);
  }

  /** Waits for every queued operation to reach the disk; later calls reject. */
  override async close(): Promise<void> {
    this.closed = true;
    const files = await Promise.allSettled(this.files.values());
    for (const result of files) {
      if (result.status === 'fulfilled') await result.value.close();
    }
  }

  private file(name: string): Promise<NedbFile> {
    if (this.closed) return Promise.reject(new Error(`NedbDocumentStore is closed (collection ${name})`));
    let file = this.files.get(name);
    if (!file) {
      const datastore: Nedb = new Datastore({ filename: path.join(this.dir, `${name}.db`), modes: NEDB_MODES });
      const log = NedbAppendLog.install(datastore);
      file = datastore.loadDatabaseAsync().then(() => new NedbFile(datastore, log));
      file.catch(() => this.files.delete(name));
      this.files.set(name, file);
    }
    return file;
  }
}

/** One loaded datastore, compacted once enough lines were appended to it. */
class NedbFile {
  private writes = 0;
  /**
   * Writes before the live documents are counted again. Counting walks the whole collection
   * (`getAllData`), so it happens once per max(COMPACTION_WRITES, live documents) writes, never
   * on every write: amortised O(1) per write.
   */
  private nextCheck = COMPACTION_WRITES;

  constructor(
    readonly datastore: Nedb,
    private readonly log: NedbAppendLog,
  ) {}

  wrote(count: number): void {
    this.writes += count;
    if (this.writes < this.nextCheck) return;
    const live = this.datastore.getAllData().length;
    if (this.writes < live) {
      this.nextCheck = live;
      return;
    }
    this.writes = 0;
    this.nextCheck = Math.max(COMPACTION_WRITES, live);
    // Crash-safe (temp file + rename), queued behind the writes already waiting.
    this.datastore.compactDatafileAsync().catch(() => undefined);
  }

  /** Rewrites the file with the live documents only (temp file + rename), after the writes already queued. */
  async compact(): Promise<void> {
    this.writes = 0;
    await this.datastore.compactDatafileAsync();
  }

  /** Waits for everything queued before it (NeDB runs operations one at a time), then lets the file go. */
  async close(): Promise<void> {
    await this.datastore.countAsync({ _id: '' });
    this.log.close();
  }
}

class NedbCollection<T extends object> extends Collection<T> {
  constructor(
    private readonly name: string,
    private readonly file: () => Promise<NedbFile>,
  ) {
    super();
  }

  override async ensureIndex(spec: IndexSpec<T>): Promise<void> {
    const file = await this.file();
    await this.write(() => file.datastore.ensureIndexAsync({ fieldName: spec.field, unique: spec.unique ?? false, sparse: spec.sparse ?? false }));
  }

  override async insertOne(doc: T): Promise<T> {
    const [inserted] = await this.insertMany([doc]);
    return inserted;
  }

  override async insertMany(docs: T[]): Promise<T[]> {
    if (docs.length === 0) return [];
    const file = await this.file();
    const copies = docs.map((doc) => withoutUndefined(doc) as PlainObject);
    const inserted = await this.write(() => file.datastore.insertAsync(copies));
    file.wrote(copies.length);
    return inserted.map((doc) => strip<T>(doc));
  }

  override async findOne(filter: Filter<T>, options: Pick<FindOptions<T>, 'sort' | 'fields'> = {}): Promise<T | null> {
    const [doc] = await this.find(filter, { ...options, limit: 1 });
    return doc ?? null;
  }

  override async find(filter: Filter<T>, options: FindOptions<T> = {}): Promise<T[]> {
    const { datastore } = await this.file();
    let cursor = datastore.findAsync(this.query(filter), projection(options.fields));
    if (options.sort && Object.keys(options.sort).length > 0) cursor = cursor.sort({ ...options.sort });
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit) cursor = cursor.limit(options.limit);
    const docs = (await cursor) as unknown as NedbDocument[];
    return docs.map((doc) => strip<T>(doc));
  }

  override async count(filter: Filter<T>): Promise<number> {
    const { datastore } = await this.file();
    return (await datastore.countAsync(this.query(filter))) as unknown as number;
  }

  override updateOne(filter: Filter<T>, update: Update<T>): Promise<number> {
    return this.update(filter, update, false);
  }

  override updateMany(filter: Filter<T>, update: Update<T>): Promise<number> {
    return this.update(filter, update, true);
  }

  override async findOneAndUpdate(filter: Filter<T>, update: Update<T>): Promise<T | null> {
    const file = await this.file();
    const query = this.query(filter);
    const modifier = normalizeUpdate(update as PlainObject, this.name);
    const { numAffected, affectedDocuments } = await this.write(() =>
      file.datastore.updateAsync(query, modifier, { multi: false, returnUpdatedDocs: true }),
    );
    file.wrote(numAffected);
    return affectedDocuments ? strip<T>(affectedDocuments as unknown as NedbDocument) : null;
  }

  override async deleteOne(filter: Filter<T>): Promise<number> {
    return this.remove(filter, false);
  }

  override async deleteMany(filter: Filter<T>): Promise<number> {
    return this.remove(filter, true);
  }

  override async compact(): Promise<void> {
    await (await this.file()).compact();
  }

  private async update(filter: Filter<T>, update: Update<T>, multi: boolean): Promise<number> {
    const file = await this.file();
    const query = this.query(filter);
    const modifier = normalizeUpdate(update as PlainObject, this.name);
    const { numAffected } = await this.write(() => file.datastore.updateAsync(query, modifier, { multi }));
    file.wrote(numAffected);
    return numAffected;
  }

  private async remove(filter: Filter<T>, multi: boolean): Promise<number> {
    const file = await this.file();
    const removed = await this.write(() => file.datastore.removeAsync(this.query(filter), { multi }));
    file.wrote(removed);
    return removed;
  }

  private query(filter: Filter<T>): PlainObject {
    assertDefinedFilter(filter as PlainObject, this.name);
    return toNedbQuery(filter as PlainObject, this.name);
  }

  /**
   * Runs a write (NeDB resolves it once its lines are appended: acknowledged = on disk), turning
   * NeDB's unique-index violation into the port's DuplicateKeyError.
   */
  private async write<R>(operation: () => Promise<R>): Promise<R> {
    try {
      return await operation();
    } catch (error) {
      if ((error as { errorType?: unknown }).errorType === 'uniqueViolated') {
        throw new DuplicateKeyError(this.name, (error as Error).message);
      }
      throw error;
    }
  }
}

function strip<T>(doc: NedbDocument): T {
  const { _id, ...rest } = doc;
  return rest as T;
}

/** Only asked-for fields; no projection at all otherwise (NeDB's projection pass copies every document again). `_id` is stripped afterwards. */
function projection(fields: readonly PropertyKey[] | undefined): PlainObject {
  const result: PlainObject = {};
  for (const field of fields ?? []) result[String(field)] = 1;
  return result;
}

/**
 * Translates a port filter into a NeDB query with MongoDB's meaning. Positive conditions
 * (equality, `$in`, ranges, `$regex`) stay top-level fields so NeDB can answer them from an
 * index; where NeDB's own semantics differ (null vs missing, negations on arrays, `$exists`
 * on an empty array) the condition is rewritten into `$and`/`$or`/`$not` branches.
 */
function toNedbQuery(filter: PlainObject, collection: string): PlainObject {
  const query: PlainObject = {};
  const and: PlainObject[] = [];
  for (const [field, value] of Object.entries(filter)) {
    if (field === '$or') {
      and.push({ $or: (value as PlainObject[]).map((branch) => toNedbQuery(branch, collection)) });
      continue;
    }
    if (field.startsWith('$')) throw new TypeError(`Unsupported filter operator ${field} on ${collection}`);
    if (!isCondition(value)) {
      if (value === null) and.push(nullQuery(field));
      else query[field] = value;
      continue;
    }
    const positive: PlainObject = {};
    for (const [operator, operand] of Object.entries(value)) {
      switch (operator) {
        case '$gt':
        case '$gte':
        case '$lt':
        case '$lte':
          positive[operator] = operand;
          break;
        case '$regex':
          if (!(operand instanceof RegExp)) throw new TypeError(`$regex on ${collection}.${field} needs a RegExp`);
          positive.$regex = operand;
          break;
        case '$in':
          if (!Array.isArray(operand)) throw new TypeError(`$in on ${collection}.${field} needs an array`);
          if (operand.includes(null)) and.push(inQuery(field, operand));
          else positive.$in = operand;
          break;
        case '$nin':
          if (!Array.isArray(operand)) throw new TypeError(`$nin on ${collection}.${field} needs an array`);
          and.push({ $not: inQuery(field, operand) });
          break;
        case '$ne':
          and.push({ $not: equalQuery(field, operand) });
          break;
        case '$exists':
          // NeDB tests an array field element by element, so an empty array would not "exist".
          if (operand) and.push({ $not: { [field]: { $exists: false } } });
          else positive.$exists = false;
          break;
        default:
          throw new TypeError(`Unsupported filter operator ${operator} on ${collection}.${field}`);
      }
    }
    if (Object.keys(positive).length > 0) query[field] = positive;
  }
  if (and.length > 0) query.$and = and;
  return query;
}

/** MongoDB's `{field: null}`: null, missing, or an array holding null. */
function nullQuery(field: string): PlainObject {
  return { $or: [{ [field]: null }, { [field]: { $exists: false } }] };
}

function equalQuery(field: string, value: unknown): PlainObject {
  return value === null ? nullQuery(field) : { [field]: value };
}

function inQuery(field: string, values: unknown[]): PlainObject {
  if (!values.includes(null)) return { [field]: { $in: values } };
  return { $or: [{ [field]: { $in: values.filter((value) => value !== null) } }, nullQuery(field)] };
}
