import mongoose from 'mongoose';
import { startMongoWireServer, type MongoWireServer } from '@quire/testing';
import { describeDocumentStoreContract } from './document-store.contract';
import { DuplicateKeyError } from './document-store';
import { MongoDocumentStore } from './mongo-document-store';

type MongoClient = mongoose.mongo.MongoClient;
const { Long, MongoClient, ObjectId } = mongoose.mongo;

/**
 * MongoDocumentStore through the official driver against libs/testing's MongoDB-protocol server
 * (no MongoDB server exists on these machines; with MONGO_URL set, mongo-document-store.spec.ts
 * runs the same contract against a real one). The distributed system suites share this server
 * between the replicas of a service. The tests after the contract pin the MongoDB behaviour the
 * adapter meets in production (upserts, duplicate keys, index conflicts, BSON order, transactions
 * on a replica set) so that every path of the adapter runs here.
 */
describe(`${MongoDocumentStore.name} over the MongoDB wire protocol`, () => {
  let server: MongoWireServer;
  let database = 0;
  const open: { close(): Promise<void> }[] = [];

  const databaseUrl = (): string => server.url.replace('/quire?', `/wire_${++database}?`);

  /** A store whose connection is up (operations wait for it; ping alone would not). */
  const connectedStore = async (url: string): Promise<MongoDocumentStore> => {
    const store = new MongoDocumentStore({ url, serverSelectionTimeoutMS: 5_000 });
    open.push(store);
    await store.collection('connection_check').count({});
    return store;
  };

  /** The official driver on its own, to see what MongoDocumentStore wrote and to configure fail points. */
  const rawClient = async (url: string): Promise<MongoClient> => {
    const client = await new MongoClient(url, { serverSelectionTimeoutMS: 5_000 }).connect();
    open.push(client);
    return client;
  };

  beforeAll(async () => {
    server = await startMongoWireServer();
  });

  afterEach(async () => {
    await Promise.all(open.splice(0).map((connection) => connection.close()));
  });

  afterAll(async () => {
    await server?.dispose();
  });

  describeDocumentStoreContract('MongoDocumentStore (wire-protocol test server)', async () => {
    const store = await connectedStore(databaseUrl());
    return { store, dispose: () => store.close() };
  });

  it('lets two connections share one database, as two replicas of a service do', async () => {
    const [a, b] = [await connectedStore(server.url), await connectedStore(server.url)];
    await a.collection<{ page_id: number; title: string }>('pages').insertOne({ page_id: await a.nextId('page'), title: 'Shared' });
    expect(await b.collection<{ page_id: number; title: string }>('pages').findOne({ title: 'Shared' })).toEqual({ page_id: 1, title: 'Shared' });
    expect(await b.nextId('page')).toBe(2);
  });

  describe('nextId', () => {
    it('increments the counters document with an upsert, continuing a sequence that already exists', async () => {
      const url = databaseUrl();
      const [sut, client] = [await connectedStore(url), await rawClient(url)];
      const counters = client.db().collection<{ _id: string; seq: number }>('counters');
      await counters.insertOne({ _id: 'page', seq: 41 });

      expect(await sut.nextId('page')).toBe(42);
      expect(await sut.nextId('item')).toBe(1);
      expect(await counters.find({}).sort({ _id: 1 }).toArray()).toEqual([
        { _id: 'item', seq: 1 },
        { _id: 'page', seq: 42 },
      ]);
    });

    it('tries once more when the upsert of a sequence hits a duplicate key, and only once', async () => {
      const url = databaseUrl();
      const [sut, client] = [await connectedStore(url), await rawClient(url)];
      const failNext = (times: number) =>
        client.db('admin').command({
          configureFailPoint: 'failCommand',
          mode: { times },
          data: { failCommands: ['findAndModify'], errorCode: 11000 },
        });

      await failNext(1);
      expect(await sut.nextId('item')).toBe(1);

      await failNext(2);
      await expect(sut.nextId('item')).rejects.toMatchObject({ code: 11000 });
      expect(await sut.nextId('item')).toBe(2);
    });
  });

  describe('duplicate keys', () => {
    interface Book {
      book_id: number;
      isbn?: string;
      title: string;
    }

    it('answers inserts, updates and upserts that break a unique index with E11000, its keyPattern and keyValue', async () => {
      const url = databaseUrl();
      const [sut, client] = [await connectedStore(url), await rawClient(url)];
      const store = sut.collection<Book>('books');
      await store.ensureIndex({ field: 'book_id', unique: true });
      await store.insertMany([
        { book_id: 1, title: 'One' },
        { book_id: 2, title: 'Two' },
      ]);
      const books = client.db().collection<Book>('books');
      const duplicate = { code: 11000, keyPattern: { book_id: 1 }, keyValue: { book_id: 2 } };
      const message = /^E11000 duplicate key error collection: wire_\d+\.books index: book_id_1 dup key: \{ book_id: 2 \}$/;

      await expect(books.insertOne({ book_id: 2, title: 'Again' })).rejects.toMatchObject({ ...duplicate, message: expect.stringMatching(message) });
      await expect(books.updateOne({ book_id: 1 }, { $set: { book_id: 2 } })).rejects.toMatchObject(duplicate);
      await expect(books.updateOne({ title: 'Three' }, { $set: { book_id: 2 } }, { upsert: true })).rejects.toMatchObject(duplicate);
      await expect(books.findOneAndUpdate({ title: 'Three' }, { $set: { book_id: 2 } }, { upsert: true })).rejects.toMatchObject(duplicate);
      await expect(store.insertOne({ book_id: 2, title: 'Through the port' })).rejects.toBeInstanceOf(DuplicateKeyError);
      expect(
        await books
          .find({}, { projection: { _id: 0 } })
          .sort({ book_id: 1 })
          .toArray(),
      ).toEqual([
        { book_id: 1, title: 'One' },
        { book_id: 2, title: 'Two' },
      ]);
    });

    it('refuses a unique index over stored duplicates with E11000 and builds no index', async () => {
      const url = databaseUrl();
      const [sut, client] = [await connectedStore(url), await rawClient(url)];
      const store = sut.collection<Book>('books');
      await store.insertMany([
        { book_id: 1, isbn: '978-1', title: 'One' },
        { book_id: 2, isbn: '978-1', title: 'Copy' },
      ]);

      const error = await store.ensureIndex({ field: 'isbn', unique: true }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DuplicateKeyError);
      expect((error as DuplicateKeyError).detail).toMatch(/E11000 duplicate key error collection: wire_\d+\.books index: isbn_1 dup key: \{ isbn: "978-1" \}/);
      expect((await client.db().collection('books').indexes()).map((index) => index.name)).toEqual(['_id_']);
    });
  });

  describe('upserts', () => {
    interface Visit {
      page: string;
      views?: number;
      first?: string;
      last?: string;
    }

    it('inserts from the filter, $set and $setOnInsert when nothing matches, and reports the upserted _id', async () => {
      const client = await rawClient(databaseUrl());
      const visits = client.db().collection<Visit>('visits');

      const first = await visits.updateOne({ page: 'home' }, { $inc: { views: 1 }, $set: { last: 'mon' }, $setOnInsert: { first: 'mon' } }, { upsert: true });
      expect(first).toMatchObject({ matchedCount: 0, modifiedCount: 0, upsertedCount: 1 });
      expect(first.upsertedId).toBeInstanceOf(ObjectId);

      const second = await visits.updateOne({ page: 'home' }, { $inc: { views: 1 }, $set: { last: 'tue' }, $setOnInsert: { first: 'tue' } }, { upsert: true });
      expect(second).toMatchObject({ matchedCount: 1, modifiedCount: 1, upsertedCount: 0, upsertedId: null });

      const unchanged = await visits.updateOne({ page: 'home' }, { $set: { last: 'tue' } }, { upsert: true });
      expect(unchanged).toMatchObject({ matchedCount: 1, modifiedCount: 0, upsertedCount: 0 });
      expect(await visits.find({}).toArray()).toEqual([{ _id: first.upsertedId, page: 'home', views: 2, last: 'tue', first: 'mon' }]);
    });

    it('answers findOneAndUpdate and updateMany upserts with the upserted document and id', async () => {
      const client = await rawClient(databaseUrl());
      const visits = client.db().collection<Visit>('visits');

      const created = await visits.findOneAndUpdate(
        { page: 'about' },
        { $setOnInsert: { first: 'wed' }, $inc: { views: 1 } },
        { upsert: true, returnDocument: 'after', projection: { _id: 0 }, includeResultMetadata: true },
      );
      expect(created.value).toEqual({ page: 'about', first: 'wed', views: 1 });
      expect(created.lastErrorObject).toMatchObject({ n: 1, updatedExisting: false, upserted: expect.any(ObjectId) });

      const before = await visits.findOneAndUpdate({ page: 'blog' }, { $set: { views: 5 } }, { upsert: true, returnDocument: 'before' });
      expect(before).toBeNull();

      const many = await visits.updateMany({ page: 'faq' }, { $set: { views: 0 } }, { upsert: true });
      expect(many).toMatchObject({ matchedCount: 0, upsertedCount: 1 });
      expect(
        await visits
          .find({}, { projection: { _id: 0 } })
          .sort({ page: 1 })
          .toArray(),
      ).toEqual([
        { page: 'about', first: 'wed', views: 1 },
        { page: 'blog', views: 5 },
        { page: 'faq', views: 0 },
      ]);
    });
  });

  describe('indexes', () => {
    it('lists the indexes MongoDocumentStore created, in cursor batches', async () => {
      const url = databaseUrl();
      const [sut, client] = [await connectedStore(url), await rawClient(url)];
      const books = sut.collection<{ book_id: number; isbn?: string; author?: string }>('books');
      await books.ensureIndex({ field: 'book_id', unique: true });
      await books.ensureIndex({ field: 'isbn', unique: true, sparse: true });
      await books.ensureIndex({ field: 'author' });
      await books.ensureIndex({ field: 'author' });

      const listed = await client.db().collection('books').listIndexes({ batchSize: 1 }).toArray();
      expect(listed).toEqual([
        { v: 2, key: { _id: 1 }, name: '_id_' },
        { v: 2, key: { book_id: 1 }, name: 'book_id_1', unique: true, sparse: false },
        { v: 2, key: { isbn: 1 }, name: 'isbn_1', unique: true, sparse: true },
        { v: 2, key: { author: 1 }, name: 'author_1', unique: false, sparse: false },
      ]);
      await expect(client.db().collection('missing').indexes()).rejects.toMatchObject({ code: 26, codeName: 'NamespaceNotFound' });
    });

    it('refuses another definition of an existing index (IndexKeySpecsConflict) and keeps the old one', async () => {
      const url = databaseUrl();
      const [sut, client] = [await connectedStore(url), await rawClient(url)];
      const books = sut.collection<{ book_id: number; isbn: string }>('books');
      await books.ensureIndex({ field: 'isbn' });

      await expect(books.ensureIndex({ field: 'isbn', unique: true })).rejects.toMatchObject({ code: 86, codeName: 'IndexKeySpecsConflict' });
      await expect(client.db().collection('books').createIndex({ isbn: 1 }, { name: 'isbn_again' })).rejects.toMatchObject({
        code: 85,
        codeName: 'IndexOptionsConflict',
        message: 'Index already exists with a different name: isbn_1',
      });
      await books.insertMany([
        { book_id: 1, isbn: '978-1' },
        { book_id: 2, isbn: '978-1' },
      ]);
      expect(await books.count({ isbn: '978-1' })).toBe(2);
    });

    it('drops an index by name, and refuses the _id index and unknown names', async () => {
      const url = databaseUrl();
      const [sut, client] = [await connectedStore(url), await rawClient(url)];
      await sut.collection<{ isbn: string }>('books').ensureIndex({ field: 'isbn', unique: true });
      const books = client.db().collection('books');

      await books.dropIndex('isbn_1');
      await expect(books.dropIndex('isbn_1')).rejects.toMatchObject({ code: 27, codeName: 'IndexNotFound' });
      await expect(books.dropIndex('_id_')).rejects.toMatchObject({ code: 72 });
      expect((await books.indexes()).map((index) => index.name)).toEqual(['_id_']);
    });
  });

  describe('sort order', () => {
    interface Row {
      id: number;
      v?: unknown;
    }

    it("sorts mixed types in MongoDB's BSON order, arrays by their smallest or largest element", async () => {
      const url = databaseUrl();
      const [sut, client] = [await connectedStore(url), await rawClient(url)];
      const rows = sut.collection<Row>('rows');
      await client
        .db()
        .collection('rows')
        .insertMany([
          { id: 1, v: 'text' },
          { id: 2, v: true },
          { id: 3, v: new Date(0) },
          { id: 4, v: new ObjectId('000000000000000000000001') },
          { id: 5, v: { a: 1 } },
          { id: 6, v: 5.5 },
          { id: 7, v: null },
          { id: 8 },
          { id: 9, v: [7, 2] },
          { id: 10, v: Long.fromString('9007199254740993') },
          { id: 11, v: 9007199254740992 },
          { id: 12, v: [] },
        ]);

      const ascending = await rows.find({}, { sort: { v: 1, id: 1 }, fields: ['id'] });
      expect(ascending.map((row) => row.id)).toEqual([12, 7, 8, 9, 6, 11, 10, 1, 5, 4, 2, 3]);
      const descending = await rows.find({}, { sort: { v: -1, id: 1 }, fields: ['id'] });
      expect(descending.map((row) => row.id)).toEqual([3, 2, 4, 5, 1, 10, 11, 9, 6, 7, 8, 12]);
    });

    it('sorts and compares strings by their UTF-8 bytes, so characters outside the BMP come last', async () => {
      const sut = await connectedStore(databaseUrl());
      const rows = sut.collection<{ id: number; v: string }>('rows');
      await rows.insertMany([
        { id: 1, v: '\u{1F600}' },
        { id: 2, v: '\uFFFD' },
        { id: 3, v: 'z' },
        { id: 4, v: '\u00E9' },
        { id: 5, v: '\uE000' },
      ]);

      expect((await rows.find({}, { sort: { v: 1 } })).map((row) => row.id)).toEqual([3, 4, 5, 2, 1]);
      expect((await rows.find({ v: { $gt: '\uFFFD' } })).map((row) => row.id)).toEqual([1]);
    });

    it('returns a result larger than the first batch through getMore', async () => {
      const sut = await connectedStore(databaseUrl());
      const rows = sut.collection<{ id: number }>('rows');
      await rows.insertMany(Array.from({ length: 250 }, (_, i) => ({ id: i + 1 })));

      const found = await rows.find({}, { sort: { id: -1 } });
      expect(found).toHaveLength(250);
      expect(found[0]).toEqual({ id: 250 });
      expect(found[249]).toEqual({ id: 1 });
    });
  });

  describe('replica set and transactions', () => {
    interface Note {
      n: number;
      text: string;
    }

    it('answers hello as the primary of a one-member replica set, gossiping the cluster time', async () => {
      const client = await rawClient(databaseUrl());
      const me = `127.0.0.1:${server.port}`;

      const hello = (await client.db('admin').command({ hello: 1 })) as { $clusterTime: { clusterTime: unknown }; operationTime: unknown };

      expect(hello).toMatchObject({ setName: 'rs0', hosts: [me], primary: me, me, isWritablePrimary: true, secondary: false, logicalSessionTimeoutMinutes: 30 });
      expect(hello.$clusterTime.clusterTime).toBeInstanceOf(mongoose.mongo.Timestamp);
      expect(hello.operationTime).toEqual(hello.$clusterTime.clusterTime);
    });

    it('runs transactions for a client that found the replica set itself (replicaSet=rs0, no directConnection)', async () => {
      const client = await rawClient(`mongodb://127.0.0.1:${server.port}/wire_${++database}?replicaSet=rs0`);
      const notes = client.db().collection<Note>('notes');
      const session = client.startSession();
      try {
        await session.withTransaction(async () => {
          await notes.insertOne({ n: 1, text: 'one' }, { session });
          await notes.insertOne({ n: 2, text: 'two' }, { session });
        });
      } finally {
        await session.endSession();
      }
      expect(await notes.countDocuments({})).toBe(2);
    });

    it('hides what a transaction wrote from everyone else and discards it on abort, restoring order and indexes', async () => {
      const url = databaseUrl();
      const [client, other] = [await rawClient(url), await rawClient(url)];
      const notes = client.db().collection<Note>('notes');
      await notes.createIndex({ n: 1 }, { unique: true });
      await notes.insertMany([1, 2, 3].map((n) => ({ n, text: `note ${n}` })));
      const before = await notes.find({}, { projection: { _id: 0 } }).toArray();
      const session = client.startSession();
      session.startTransaction();
      await notes.insertOne({ n: 4, text: 'new' }, { session });
      await notes.updateOne({ n: 3 }, { $set: { n: 5 } }, { session });
      await notes.deleteOne({ n: 1 }, { session });
      expect(
        await notes
          .find({}, { session, projection: { _id: 0 } })
          .sort({ n: 1 })
          .toArray(),
      ).toEqual([
        { n: 2, text: 'note 2' },
        { n: 4, text: 'new' },
        { n: 5, text: 'note 3' },
      ]);

      // Asked while the transaction is open; answered only with what was committed.
      const seenByOther = other
        .db()
        .collection<Note>('notes')
        .find({}, { projection: { _id: 0 } })
        .toArray();
      await new Promise((resolve) => setTimeout(resolve, 100));
      await session.abortTransaction();
      await session.endSession();

      expect(await seenByOther).toEqual(before);
      expect(await notes.find({}, { projection: { _id: 0 } }).toArray()).toEqual(before);
      await expect(notes.insertOne({ n: 1, text: 'again' })).rejects.toMatchObject({ code: 11000 });
      await notes.insertOne({ n: 4, text: 'free again' });
    });

    it('lets no other write in while a transaction runs, and applies it after the commit', async () => {
      const url = databaseUrl();
      const [client, other] = [await rawClient(url), await rawClient(url)];
      const notes = client.db().collection<Note>('notes');
      const session = client.startSession();
      session.startTransaction();
      await notes.insertOne({ n: 1, text: 'in the transaction' }, { session });

      let done = false;
      const outside = other
        .db()
        .collection<Note>('notes')
        .updateMany({}, { $set: { text: 'outside' } })
        .then((result) => ((done = true), result));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(done).toBe(false);
      await session.commitTransaction();
      await session.endSession();

      expect((await outside).matchedCount).toBe(1);
      expect(await notes.find({}, { projection: { _id: 0 } }).toArray()).toEqual([{ n: 1, text: 'outside' }]);
    });

    it('aborts a transaction at a duplicate key: later commands and the commit get NoSuchTransaction, a transient error', async () => {
      const url = databaseUrl();
      const client = await rawClient(url);
      const notes = client.db().collection<Note>('notes');
      await notes.createIndex({ n: 1 }, { unique: true });
      await notes.insertOne({ n: 1, text: 'one' });
      const session = client.startSession();
      session.startTransaction();
      await notes.insertOne({ n: 2, text: 'two' }, { session });

      await expect(notes.insertOne({ n: 1, text: 'clash' }, { session })).rejects.toMatchObject({ code: 11000 });
      const aborted = { code: 251, codeName: 'NoSuchTransaction', message: expect.stringMatching(/^Transaction with \{ txnNumber: \d+ \} has been aborted\.$/) };
      const noSuchTransaction = await notes.findOne({}, { session }).catch((error: unknown) => error);
      expect(noSuchTransaction).toMatchObject(aborted);
      expect((noSuchTransaction as mongoose.mongo.MongoError).hasErrorLabel('TransientTransactionError')).toBe(true);
      await expect(session.commitTransaction()).rejects.toMatchObject(aborted);
      await session.endSession();

      expect(await notes.find({}, { projection: { _id: 0 } }).toArray()).toEqual([{ n: 1, text: 'one' }]);
    });

    it('runs a unit again after a transient error, keeping the writes of the attempt that commits', async () => {
      const url = databaseUrl();
      const [sut, client] = [await connectedStore(url), await rawClient(url)];
      const notes = sut.collection<Note>('notes');
      const failNextInsert = () => client.db('admin').command({ configureFailPoint: 'failCommand', mode: { times: 1 }, data: { failCommands: ['insert'], errorCode: 112 } });
      let attempts = 0;

      const result = await sut.transaction(async () => {
        attempts++;
        await notes.insertOne({ n: 1, text: `attempt ${attempts}` });
        if (attempts === 1) await failNextInsert();
        await notes.insertOne({ n: 2, text: `attempt ${attempts}` });
        return attempts;
      });

      expect(result).toBe(2);
      expect(await notes.find({}, { sort: { n: 1 } })).toEqual([
        { n: 1, text: 'attempt 2' },
        { n: 2, text: 'attempt 2' },
      ]);
    });

    it('fails a unit that goes on after an operation failed (MongoDB has aborted it) with that error, at once', async () => {
      const sut = await connectedStore(databaseUrl());
      const notes = sut.collection<Note>('notes');
      await notes.ensureIndex({ field: 'n', unique: true });
      await notes.insertOne({ n: 1, text: 'one' });

      const started = Date.now();
      const unit = sut.transaction(async () => {
        await notes.insertOne({ n: 2, text: 'two' });
        await notes.insertOne({ n: 1, text: 'clash' }).catch(() => undefined);
        await notes.insertOne({ n: 3, text: 'three' });
      });

      await expect(unit).rejects.toBeInstanceOf(DuplicateKeyError);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(await notes.find({})).toEqual([{ n: 1, text: 'one' }]);
    });

    it('rolls back a transaction left open when the server stops, as a restarted mongod does', async () => {
      const own = await startMongoWireServer();
      try {
        const client = await rawClient(own.url);
        const notes = client.db().collection<Note>('notes');
        await notes.insertOne({ n: 1, text: 'committed' });
        const session = client.startSession();
        session.startTransaction();
        await notes.insertOne({ n: 2, text: 'open' }, { session });

        await own.stop();
        await own.start();

        expect(await notes.find({}, { projection: { _id: 0 } }).toArray()).toEqual([{ n: 1, text: 'committed' }]);
        await session.endSession().catch(() => undefined);
      } finally {
        await own.dispose();
      }
    });
  });

  it('answers an unknown command or query operator with an error instead of a guess', async () => {
    const client = await rawClient(databaseUrl());
    await expect(client.db().command({ noSuchCommand: 'notes' })).rejects.toMatchObject({ code: 59, codeName: 'CommandNotFound' });
    await expect(client.db().command({ distinct: 'notes', key: 'text' })).rejects.toMatchObject({ code: 238, codeName: 'NotImplemented' });
    await expect(
      client
        .db()
        .collection('notes')
        .find({ tags: { $size: 1 } })
        .toArray(),
    ).rejects.toMatchObject({ code: 238, codeName: 'NotImplemented' });
    await expect(
      client
        .db()
        .collection('notes')
        .find({ tags: { $nope: 1 } })
        .toArray(),
    ).rejects.toMatchObject({ code: 2, message: 'unknown operator: $nope' });
  });

  it('keeps its data across stop() and start() on the same port, as a restarted mongod', async () => {
    const own = await startMongoWireServer();
    const sut = new MongoDocumentStore({ url: own.url, serverSelectionTimeoutMS: 2_000 });
    try {
      const notes = sut.collection<{ text: string }>('notes');
      await notes.insertOne({ text: 'before the outage' });

      await own.stop();
      await expect(notes.count({})).rejects.toThrow();

      await own.start();
      await expect(notes.find({})).resolves.toEqual([{ text: 'before the outage' }]);
    } finally {
      await sut.close();
      await own.dispose();
    }
  });
});
