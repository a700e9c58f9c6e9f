import { calculateObjectSize, Long, ObjectId, type Document } from 'bson';
import { formatValue, isDocument, valuesEqual, valueKey } from './bson-order';
import { applyStage } from './aggregation';
import { documentOption, nonNegative, numberOption, requiredDocument } from './command-options';
import { FailCommandPoint } from './fail-point';
import { compileProjection, sortBy } from './find-options';
import { indexSpec, isIdenticalToExisting } from './index-spec';
import { MongoCommandError, refuseUnsupported } from './mongo-error';
import { compileFilter } from './query-filter';
import { ClusterClock, primaryHello } from './replica-set';
import { StoredCollection, type StoredRecord } from './stored-collection';
import { SessionCatalog, type UndoLog } from './transactions';
import { compileUpdate, upsertSeed, type CompiledUpdate } from './update';

export type Command = Document & { $db?: string };

/** What a connection told the server about itself in its handshake. */
export interface ConnectionInfo {
  readonly id: number;
  appName?: string;
}

interface OpenCursor {
  ns: string;
  docs: Document[];
}

type Handler = (command: Command, db: string, connection: ConnectionInfo) => Document;

const MAX_BSON_OBJECT_SIZE = 16 * 1024 * 1024;
const DEFAULT_FIRST_BATCH = 101;
/** What MongoDB runs inside a transaction (of what the driver sends); `create` and `createIndexes` it runs only on new collections. */
const TRANSACTION_COMMANDS = new Set(['find', 'getMore', 'killCursors', 'count', 'aggregate', 'insert', 'update', 'delete', 'findAndModify', 'findandmodify']);
/** Options of a command that change its meaning and that this server does not implement. */
const UNSUPPORTED_COMMAND_OPTIONS = ['collation', 'hint', 'let', 'arrayFilters', 'min', 'max', 'returnKey', 'showRecordId', 'tailable', 'awaitData'];
/** Real MongoDB commands this server does not answer (anything else is CommandNotFound, as on MongoDB). */
const UNIMPLEMENTED_COMMANDS = new Set([
  'distinct',
  'mapReduce',
  'bulkWrite',
  'explain',
  'collMod',
  'renameCollection',
  'validate',
  'serverStatus',
  'dbStats',
  'collStats',
  'getParameter',
  'setParameter',
  'currentOp',
  'killOp',
  'saslStart',
  'saslContinue',
  'authenticate',
  'createUser',
  'listDatabases',
]);
/** Fields the driver may add to any command. */
const GENERIC_FIELDS = new Set([
  '$db',
  'lsid',
  'txnNumber',
  'autocommit',
  'startTransaction',
  '$clusterTime',
  '$readPreference',
  'writeConcern',
  'readConcern',
  'comment',
  'maxTimeMS',
  'apiVersion',
  'apiStrict',
  'apiDeprecationErrors',
]);

/**
 * The MongoDB server behind libs/testing's wire-protocol listener: the primary of a one-member
 * replica set (so sessions, transactions and retryable writes; see transactions.ts) holding its
 * databases in memory. Every command runs synchronously, so one command is atomic with respect to
 * all others, as a single-document write is on MongoDB. It answers the commands MongoDocumentStore's
 * driver calls send as MongoDB 7 does — replies, error codes and messages — and refuses anything
 * else with an error rather than a guess.
 */
export class MongoEngine {
  readonly failPoint = new FailCommandPoint();
  private readonly databases = new Map<string, Map<string, StoredCollection>>();
  private readonly cursors = new Map<number, OpenCursor>();
  private readonly sessions = new SessionCatalog();
  private readonly clock = new ClusterClock();
  /** The undo log of the transaction the running command belongs to, if it belongs to one. */
  private undo: UndoLog | undefined;

  /** `me` is the server's `host:port`, as the replica set's configuration names its member. */
  constructor(private readonly me: () => string) {}

  private readonly handlers: Record<string, Handler> = {
    hello: (command, _db, connection) => this.hello(command, connection),
    isMaster: (command, _db, connection) => this.hello(command, connection),
    ismaster: (command, _db, connection) => this.hello(command, connection),
    ping: () => ({}),
    buildInfo: () => ({ version: '7.0.0', versionArray: [7, 0, 0, 0], maxBsonObjectSize: MAX_BSON_OBJECT_SIZE }),
    buildinfo: () => ({ version: '7.0.0', versionArray: [7, 0, 0, 0], maxBsonObjectSize: MAX_BSON_OBJECT_SIZE }),
    endSessions: () => ({}),
    find: (command, db) => this.find(command, db),
    getMore: (command, db) => this.getMore(command, db),
    killCursors: (command) => this.killCursors(command),
    count: (command, db) => this.count(command, db),
    aggregate: (command, db) => this.aggregate(command, db),
    insert: (command, db) => this.insert(command, db),
    update: (command, db) => this.update(command, db),
    delete: (command, db) => this.delete(command, db),
    findAndModify: (command, db) => this.findAndModify(command, db, 'findAndModify'),
    findandmodify: (command, db) => this.findAndModify(command, db, 'findandmodify'),
    createIndexes: (command, db) => this.createIndexes(command, db),
    listIndexes: (command, db) => this.listIndexes(command, db),
    dropIndexes: (command, db) => this.dropIndexes(command, db, 'dropIndexes'),
    deleteIndexes: (command, db) => this.dropIndexes(command, db, 'deleteIndexes'),
    create: (command, db) => this.create(command, db),
    drop: (command, db) => this.drop(command, db),
    dropDatabase: (_command, db) => {
      this.databases.delete(db);
      return {};
    },
    listCollections: (command, db) => this.listCollections(command, db),
    configureFailPoint: (command, db) => {
      if (db !== 'admin') throw new MongoCommandError('BadValue', 'configureFailPoint may only be run against the admin database.');
      return this.failPoint.configure(command);
    },
  };

  /**
   * Answers one command with its reply (`ok: 1`) or its error reply (`ok: 0`), both carrying the
   * cluster time. `injected` is a fail point's error, answered instead of running the command (and
   * aborting the transaction it belongs to, as any failed command does).
   */
  async run(command: Command, connection: ConnectionInfo, injected?: Document): Promise<Document> {
    const reply = await this.sessions.run(command, (undo) => this.reply(command, connection, undo), injected);
    return { ...reply, ...this.clock.tick() };
  }

  private reply(command: Command, connection: ConnectionInfo, undo: UndoLog | undefined): Document {
    this.undo = undo;
    try {
      return { ...this.execute(command, connection), ok: 1 };
    } catch (error) {
      if (error instanceof MongoCommandError) return error.toReply();
      return { ok: 0, code: 1, codeName: 'InternalError', errmsg: error instanceof Error ? error.message : String(error) };
    } finally {
      this.undo = undefined;
    }
  }

  /** Runs one command; throws MongoCommandError for a reply with `ok: 0`. */
  private execute(command: Command, connection: ConnectionInfo): Document {
    const name = Object.keys(command)[0] ?? '';
    const db = command.$db ?? 'admin';
    assertDatabaseName(db);
    if (this.undo && !TRANSACTION_COMMANDS.has(name)) {
      if (name === 'create' || name === 'createIndexes') throw refuseUnsupported(`${name} in a transaction`);
      throw new MongoCommandError('OperationNotSupportedInTransaction', `Cannot run '${name}' in a multi-document transaction.`);
    }
    const handler = Object.hasOwn(this.handlers, name) ? this.handlers[name] : undefined;
    if (!handler && UNIMPLEMENTED_COMMANDS.has(name)) throw refuseUnsupported(`the ${name} command`);
    if (!handler) throw new MongoCommandError('CommandNotFound', `no such command: '${name}'`);
    for (const option of UNSUPPORTED_COMMAND_OPTIONS) {
      if (command[option] !== undefined) throw refuseUnsupported(`the ${option} option of ${name}`);
    }
    return handler(command, db, connection);
  }

  /** A restarted mongod has no open cursors, transactions or fail points; its committed data stays. */
  restart(): void {
    this.sessions.reset();
    this.cursors.clear();
    this.failPoint.reset();
  }

  /** Drops every database (a fresh data directory). */
  clear(): void {
    this.databases.clear();
    this.restart();
  }

  private hello(command: Command, connection: ConnectionInfo): Document {
    const appName = (command.client as { application?: { name?: unknown } } | undefined)?.application?.name;
    if (typeof appName === 'string') connection.appName = appName;
    return {
      helloOk: true,
      ismaster: true,
      isWritablePrimary: true,
      maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
      maxMessageSizeBytes: 48_000_000,
      maxWriteBatchSize: 100_000,
      localTime: new Date(),
      logicalSessionTimeoutMinutes: 30,
      connectionId: connection.id,
      minWireVersion: 0,
      maxWireVersion: 21,
      readOnly: false,
      ...primaryHello(this.me()),
    };
  }

  // --- catalog -------------------------------------------------------------------------------

  private collection(db: string, name: string): StoredCollection | undefined {
    return this.databases.get(db)?.get(name);
  }

  /** The collection, created implicitly as MongoDB does on the first write or index. */
  private ensureCollection(db: string, name: string): { collection: StoredCollection; created: boolean } {
    let database = this.databases.get(db);
    if (!database) this.databases.set(db, (database = new Map()));
    const existing = database.get(name);
    if (existing) return { collection: existing, created: false };
    const collection = new StoredCollection(`${db}.${name}`);
    database.set(name, collection);
    this.undo?.record(() => database.delete(name));
    return { collection, created: true };
  }

  // The writes of documents: each leaves an undo step when the command belongs to a transaction.

  private insertDoc(collection: StoredCollection, doc: Document): void {
    const record = collection.insert(doc);
    this.undo?.record(() => collection.remove(record));
  }

  private replaceDoc(collection: StoredCollection, record: StoredRecord, doc: Document): void {
    const before = record.doc;
    collection.replace(record, doc);
    this.undo?.record(() => collection.replace(record, before));
  }

  private removeDoc(collection: StoredCollection, record: StoredRecord): void {
    collection.remove(record);
    this.undo?.record(() => collection.restore(record));
  }

  private matching(collection: StoredCollection | undefined, filter: Document): StoredRecord[] {
    const predicate = compileFilter(filter);
    return collection ? collection.candidates(filter).filter((record) => predicate(record.doc)) : [];
  }

  // --- reads ---------------------------------------------------------------------------------

  private find(command: Command, db: string): Document {
    const name = collectionName(command, 'find');
    const filter = documentOption(command, 'filter') ?? {};
    const project = compileProjection(documentOption(command, 'projection'));
    const skip = nonNegative(command, 'skip');
    const limit = nonNegative(command, 'limit');
    const records = sortBy(this.matching(this.collection(db, name), filter), (record) => record.doc, documentOption(command, 'sort'));
    const docs = records.slice(skip, limit > 0 ? skip + limit : undefined).map((record) => project(record.doc));
    return this.openCursor(`${db}.${name}`, docs, command.batchSize === undefined ? DEFAULT_FIRST_BATCH : nonNegative(command, 'batchSize'), Boolean(command.singleBatch));
  }

  private count(command: Command, db: string): Document {
    const name = collectionName(command, 'count');
    const skip = nonNegative(command, 'skip');
    const limit = Math.abs(numberOption(command, 'limit'));
    const n = Math.max(0, this.matching(this.collection(db, name), documentOption(command, 'query') ?? {}).length - skip);
    return { n: limit > 0 ? Math.min(n, limit) : n };
  }

  /** The countDocuments pipeline and other simple ones: $match, $sort, $skip, $limit, $project, $count, a constant $group with $sum. */
  private aggregate(command: Command, db: string): Document {
    if (typeof command.aggregate !== 'string') throw refuseUnsupported('a database-level aggregate');
    const name = collectionName(command, 'aggregate');
    const cursorOption = documentOption(command, 'cursor');
    if (!cursorOption) throw new MongoCommandError('FailedToParse', "The 'cursor' option is required, except for aggregate with the explain argument");
    if (!Array.isArray(command.pipeline)) throw new MongoCommandError('TypeMismatch', "'pipeline' option must be specified as an array");
    let docs = (this.collection(db, name) ? this.matching(this.collection(db, name), {}) : []).map((record) => record.doc);
    for (const stage of command.pipeline as unknown[]) docs = applyStage(stage, docs);
    const batchSize = cursorOption.batchSize === undefined ? DEFAULT_FIRST_BATCH : nonNegative(cursorOption, 'batchSize');
    return this.openCursor(`${db}.${name}`, docs, batchSize, false);
  }

  private openCursor(ns: string, docs: Document[], batchSize: number, singleBatch: boolean): Document {
    const firstBatch = takeBatch(docs, batchSize === 0 && !singleBatch ? 0 : batchSize || Infinity);
    const rest = docs.slice(firstBatch.length);
    if (rest.length === 0 || singleBatch) return { cursor: { firstBatch, id: Long.ZERO, ns } };
    const id = this.newCursorId();
    this.cursors.set(id, { ns, docs: rest });
    return { cursor: { firstBatch, id: Long.fromNumber(id), ns } };
  }

  private newCursorId(): number {
    for (;;) {
      const id = Math.floor(Math.random() * 2 ** 52) + 1;
      if (!this.cursors.has(id)) return id;
    }
  }

  private getMore(command: Command, db: string): Document {
    const id = Number(command.getMore instanceof Long ? command.getMore.toString() : command.getMore);
    const cursor = this.cursors.get(id);
    if (!cursor) throw new MongoCommandError('CursorNotFound', `cursor id ${id} not found`);
    const ns = `${db}.${String(command.collection)}`;
    if (cursor.ns !== ns) throw new MongoCommandError('BadValue', `Requested getMore on namespace '${ns}', but cursor belongs to a different namespace ${cursor.ns}`);
    const nextBatch = takeBatch(cursor.docs, numberOption(command, 'batchSize') || Infinity);
    cursor.docs = cursor.docs.slice(nextBatch.length);
    if (cursor.docs.length === 0) this.cursors.delete(id);
    return { cursor: { nextBatch, id: cursor.docs.length === 0 ? Long.ZERO : Long.fromNumber(id), ns } };
  }

  private killCursors(command: Command): Document {
    const killed: Long[] = [];
    const notFound: Long[] = [];
    for (const raw of (command.cursors ?? []) as unknown[]) {
      const id = Number(raw instanceof Long ? raw.toString() : raw);
      (this.cursors.delete(id) ? killed : notFound).push(Long.fromNumber(id));
    }
    return { cursorsKilled: killed, cursorsNotFound: notFound, cursorsAlive: [], cursorsUnknown: [] };
  }

  // --- writes --------------------------------------------------------------------------------

  private insert(command: Command, db: string): Document {
    const name = collectionName(command, 'insert');
    if (!Array.isArray(command.documents)) throw new MongoCommandError('FailedToParse', "BSON field 'insert.documents' is missing but a required field");
    const { collection } = this.ensureCollection(db, name);
    return writeEach(command, command.documents as unknown[], (doc) => {
      if (!isDocument(doc)) throw new MongoCommandError('TypeMismatch', 'insert documents must be objects');
      assertDocumentSize(doc, 'object to insert too large');
      this.insertDoc(collection, withIdFirst(doc));
      return 1;
    });
  }

  private update(command: Command, db: string): Document {
    const name = collectionName(command, 'update');
    if (!Array.isArray(command.updates)) throw new MongoCommandError('FailedToParse', "BSON field 'update.updates' is missing but a required field");
    let nModified = 0;
    const upserted: Document[] = [];
    const reply = writeEach(command, command.updates as unknown[], (statement, index) => {
      if (!isDocument(statement)) throw new MongoCommandError('TypeMismatch', 'update statements must be objects');
      for (const option of ['arrayFilters', 'collation', 'hint', 'c']) {
        if (statement[option] !== undefined) throw refuseUnsupported(`the ${option} option of an update statement`);
      }
      const filter = requiredDocument(statement.q, 'q');
      const update = compileUpdate(statement.u);
      if (update.isReplacement && statement.multi) {
        throw new MongoCommandError('FailedToParse', 'multi update is not supported for replacement-style update');
      }
      const matched = this.matching(this.collection(db, name), filter);
      const targets = statement.multi ? matched : matched.slice(0, 1);
      if (targets.length === 0 && statement.upsert) {
        const doc = this.upsert(db, name, filter, update);
        upserted.push({ index, _id: doc._id });
        return 1;
      }
      const collection = this.collection(db, name);
      for (const record of targets) {
        if (this.applyUpdate(collection as StoredCollection, record, update)) nModified++;
      }
      return targets.length;
    });
    return { ...reply, nModified, ...(upserted.length > 0 ? { upserted } : {}) };
  }

  private delete(command: Command, db: string): Document {
    const name = collectionName(command, 'delete');
    if (!Array.isArray(command.deletes)) throw new MongoCommandError('FailedToParse', "BSON field 'delete.deletes' is missing but a required field");
    return writeEach(command, command.deletes as unknown[], (statement) => {
      if (!isDocument(statement)) throw new MongoCommandError('TypeMismatch', 'delete statements must be objects');
      for (const option of ['collation', 'hint']) {
        if (statement[option] !== undefined) throw refuseUnsupported(`the ${option} option of a delete statement`);
      }
      const limit = Number(statement.limit ?? 0);
      if (limit !== 0 && limit !== 1) throw new MongoCommandError('FailedToParse', `The limit field in delete objects must be 0 or 1. Got ${limit}`);
      const collection = this.collection(db, name);
      const matched = this.matching(collection, requiredDocument(statement.q, 'q'));
      const targets = limit === 1 ? matched.slice(0, 1) : matched;
      if (collection) for (const record of targets) this.removeDoc(collection, record);
      return targets.length;
    });
  }

  private findAndModify(command: Command, db: string, commandName: string): Document {
    const name = collectionName(command, commandName);
    const query = documentOption(command, 'query') ?? {};
    const remove = Boolean(command.remove);
    const returnNew = Boolean(command.new);
    const upsert = Boolean(command.upsert);
    if (remove && command.update !== undefined) throw new MongoCommandError('FailedToParse', 'Cannot specify both an update and remove=true');
    if (remove && upsert) throw new MongoCommandError('FailedToParse', 'Cannot specify both upsert=true and remove=true');
    if (remove && returnNew) throw new MongoCommandError('FailedToParse', "Cannot specify both new=true and remove=true; 'remove' always returns the deleted document");
    if (!remove && command.update === undefined) throw new MongoCommandError('FailedToParse', 'Either an update or remove=true must be specified');
    const project = compileProjection(documentOption(command, 'fields'));
    const update = remove ? undefined : compileUpdate(command.update);
    const collection = this.collection(db, name);
    const [target] = sortBy(this.matching(collection, query), (record) => record.doc, documentOption(command, 'sort'));
    if (remove) {
      if (!target || !collection) return { lastErrorObject: { n: 0 }, value: null };
      this.removeDoc(collection, target);
      return { lastErrorObject: { n: 1 }, value: project(target.doc) };
    }
    if (target) {
      const before = target.doc;
      this.applyUpdate(collection as StoredCollection, target, update as CompiledUpdate);
      return { lastErrorObject: { n: 1, updatedExisting: true }, value: project(returnNew ? target.doc : before) };
    }
    if (!upsert) return { lastErrorObject: { n: 0, updatedExisting: false }, value: null };
    const doc = this.upsert(db, name, query, update as CompiledUpdate);
    return { lastErrorObject: { n: 1, updatedExisting: false, upserted: doc._id }, value: returnNew ? project(doc) : null };
  }

  /** Applies an update to a stored document; false when it changed nothing (MongoDB's nModified). */
  private applyUpdate(collection: StoredCollection, record: StoredRecord, update: CompiledUpdate): boolean {
    const after = update.apply(record.doc, false);
    if (valueKey(after) === valueKey(record.doc)) return false;
    assertDocumentSize(after, 'Resulting document after update is larger than');
    this.replaceDoc(collection, record, after);
    return true;
  }

  /** Inserts what an upsert that matched nothing creates: the filter's equalities, then the update (with $setOnInsert). */
  private upsert(db: string, name: string, filter: Document, update: CompiledUpdate): Document {
    const seed = upsertSeed(filter);
    const doc = withIdFirst(update.apply(update.isReplacement ? ('_id' in seed ? { _id: seed._id } : {}) : seed, true));
    assertDocumentSize(doc, 'object to insert too large');
    this.insertDoc(this.ensureCollection(db, name).collection, doc);
    return doc;
  }

  // --- indexes and collections ---------------------------------------------------------------

  private createIndexes(command: Command, db: string): Document {
    const name = collectionName(command, 'createIndexes');
    if (!Array.isArray(command.indexes) || command.indexes.length === 0) {
      throw new MongoCommandError('BadValue', 'Must specify at least one index to create');
    }
    const specs = (command.indexes as unknown[]).map(indexSpec);
    const existed = this.collection(db, name);
    const numIndexesBefore = existed?.indexes.length ?? 1;
    const toBuild: Document[] = [];
    for (const spec of specs) {
      const conflict = [...(existed?.indexes.map((index) => index.spec) ?? []), ...toBuild];
      if (!isIdenticalToExisting(spec, conflict)) toBuild.push(spec);
    }
    const { collection, created } = this.ensureCollection(db, name);
    const built: string[] = [];
    try {
      for (const spec of toBuild) {
        collection.addIndex(spec);
        built.push(String(spec.name));
      }
    } catch (error) {
      for (const indexName of built) {
        const index = collection.index(indexName);
        if (index) collection.dropIndex(index);
      }
      throw error;
    }
    const numIndexesAfter = collection.indexes.length;
    if (toBuild.length === 0) return { numIndexesBefore, numIndexesAfter, note: 'all indexes already exist' };
    return { numIndexesBefore, numIndexesAfter, createdCollectionAutomatically: created };
  }

  private listIndexes(command: Command, db: string): Document {
    const name = collectionName(command, 'listIndexes');
    const collection = this.collection(db, name);
    if (!collection) throw new MongoCommandError('NamespaceNotFound', `ns does not exist: ${db}.${name}`);
    const cursorOption = documentOption(command, 'cursor') ?? {};
    const batchSize = cursorOption.batchSize === undefined ? DEFAULT_FIRST_BATCH : nonNegative(cursorOption, 'batchSize');
    return this.openCursor(
      `${db}.$cmd.listIndexes.${name}`,
      collection.indexes.map((index) => ({ ...index.spec })),
      batchSize,
      false,
    );
  }

  private dropIndexes(command: Command, db: string, commandName: string): Document {
    const name = collectionName(command, commandName);
    const collection = this.collection(db, name);
    if (!collection) throw new MongoCommandError('NamespaceNotFound', `ns not found ${db}.${name}`);
    const nIndexesWas = collection.indexes.length;
    const wanted = command.index;
    if (wanted === '*') {
      for (const index of collection.indexes.slice(1)) collection.dropIndex(index);
      return { nIndexesWas, msg: 'non-_id indexes dropped for collection' };
    }
    const targets = (Array.isArray(wanted) ? wanted : [wanted]).map((one) => {
      const index = isDocument(one) ? collection.indexes.find((candidate) => valuesEqual(candidate.spec.key, one)) : collection.index(String(one));
      if (!index) {
        throw new MongoCommandError('IndexNotFound', isDocument(one) ? `can't find index with key: ${formatValue(one)}` : `index not found with name [${String(one)}]`);
      }
      if (index.name === '_id_') throw new MongoCommandError('InvalidOptions', 'cannot drop _id index');
      return index;
    });
    for (const index of targets) collection.dropIndex(index);
    return { nIndexesWas };
  }

  private create(command: Command, db: string): Document {
    const name = collectionName(command, 'create');
    for (const option of Object.keys(command)) {
      if (option !== 'create' && !GENERIC_FIELDS.has(option)) {
        throw refuseUnsupported(`the collection option ${option}`);
      }
    }
    if (this.collection(db, name)) throw new MongoCommandError('NamespaceExists', `Collection ${db}.${name} already exists.`);
    this.ensureCollection(db, name);
    return {};
  }

  private drop(command: Command, db: string): Document {
    const name = collectionName(command, 'drop');
    const collection = this.collection(db, name);
    if (!collection) return {};
    this.databases.get(db)?.delete(name);
    return { nIndexesWas: collection.indexes.length, ns: `${db}.${name}` };
  }

  private listCollections(command: Command, db: string): Document {
    const filter = compileFilter(documentOption(command, 'filter') ?? {});
    const nameOnly = Boolean(command.nameOnly);
    const entries = [...(this.databases.get(db) ?? new Map<string, StoredCollection>())].map(([name, collection]): Document =>
      nameOnly ? { name, type: 'collection' } : { name, type: 'collection', options: {}, info: { readOnly: false, uuid: collection.uuid }, idIndex: { v: 2, key: { _id: 1 }, name: '_id_' } },
    );
    const cursorOption = documentOption(command, 'cursor') ?? {};
    const batchSize = cursorOption.batchSize === undefined ? DEFAULT_FIRST_BATCH : nonNegative(cursorOption, 'batchSize');
    return this.openCursor(`${db}.$cmd.listCollections`, entries.filter(filter), batchSize, false);
  }
}

// --- helpers -----------------------------------------------------------------------------------

function assertDatabaseName(db: string): void {
  if (db.length === 0 || db.length > 63 || /[/\\. "$*<>:|?\0]/.test(db)) {
    throw new MongoCommandError('InvalidNamespace', `Invalid database name: '${db}'`);
  }
}

function collectionName(command: Command, commandName: string): string {
  const name = command[commandName];
  if (typeof name !== 'string') {
    throw new MongoCommandError('InvalidNamespace', `collection name has invalid type ${name === null ? 'null' : typeof name}`);
  }
  if (name === '' || name.includes('$') || name.includes('\0') || name.startsWith('system.')) {
    throw new MongoCommandError('InvalidNamespace', `Invalid namespace specified '${String(command.$db)}.${name}'`);
  }
  return name;
}

/** Up to `limit` documents, and no more than MongoDB's 16 MiB per batch (at least one). */
function takeBatch(docs: Document[], limit: number): Document[] {
  const batch: Document[] = [];
  let bytes = 0;
  for (const doc of docs) {
    if (batch.length >= limit) break;
    bytes += calculateObjectSize(doc);
    if (batch.length > 0 && bytes > MAX_BSON_OBJECT_SIZE) break;
    batch.push(doc);
  }
  return batch;
}

/**
 * Runs a write command's statements in order: `ordered` (the default) stops at the first failure,
 * unordered runs them all; failures become `writeErrors`, the reply stays `ok: 1`, as on MongoDB.
 */
function writeEach(command: Command, statements: unknown[], run: (statement: unknown, index: number) => number): Document {
  const ordered = command.ordered !== false;
  const writeErrors: Document[] = [];
  let n = 0;
  for (const [index, statement] of statements.entries()) {
    try {
      n += run(statement, index);
    } catch (error) {
      if (!(error instanceof MongoCommandError)) throw error;
      writeErrors.push(error.toWriteError(index));
      if (ordered) break;
    }
  }
  return { n, ...(writeErrors.length > 0 ? { writeErrors } : {}) };
}

/** A document as MongoDB stores it: `_id` first, an ObjectId when it has none. */
function withIdFirst(doc: Document): Document {
  if (!('_id' in doc)) return { _id: new ObjectId(), ...doc };
  const { _id, ...rest } = doc;
  if (Array.isArray(_id)) throw new MongoCommandError('InvalidIdField', "The '_id' value cannot be of type array");
  if (_id === undefined) throw new MongoCommandError('InvalidIdField', "can't use a undefined for _id");
  if (_id instanceof RegExp || (typeof _id === 'object' && _id !== null && (_id as { _bsontype?: string })._bsontype === 'BSONRegExp')) {
    throw new MongoCommandError('InvalidIdField', "can't use a regex for _id");
  }
  return { _id, ...rest };
}

function assertDocumentSize(doc: Document, message: string): void {
  const size = calculateObjectSize(doc);
  if (size > MAX_BSON_OBJECT_SIZE) {
    throw new MongoCommandError('BSONObjectTooLarge', `${message} ${MAX_BSON_OBJECT_SIZE}: size in bytes: ${size}`);
  }
}
