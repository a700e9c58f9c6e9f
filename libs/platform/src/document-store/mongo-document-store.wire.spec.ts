import { startMongoWireServer, type MongoWireServer } from '@quire/testing';
import { describeDocumentStoreContract } from './document-store.contract';
import { MongoDocumentStore } from './mongo-document-store';

/**
 * MongoDocumentStore through the official driver against libs/testing's MongoDB-protocol server
 * (no MongoDB server exists on these machines; with MONGO_URL set, mongo-document-store.spec.ts
 * runs the same contract against a real one). The distributed system suites share this server
 * between the replicas of a service.
 */
describe(`${MongoDocumentStore.name} over the MongoDB wire protocol`, () => {
  let server: MongoWireServer;
  let database = 0;

  beforeAll(async () => {
    server = await startMongoWireServer();
  });

  afterAll(async () => {
    await server?.stop();
  });

  describeDocumentStoreContract('MongoDocumentStore (wire-protocol test server)', async () => {
    const url = server.url.replace(/\/quire$/, `/contract_${++database}`);
    const store = new MongoDocumentStore({ url, serverSelectionTimeoutMS: 5_000 });
    await store.ping();
    return { store, dispose: () => store.close() };
  });

  it('lets two connections share one database, as two replicas of a service do', async () => {
    const [a, b] = [new MongoDocumentStore({ url: server.url }), new MongoDocumentStore({ url: server.url })];
    try {
      await a.collection<{ page_id: number; title: string }>('pages').insertOne({ page_id: await a.nextId('page'), title: 'Shared' });
      expect(await b.collection<{ page_id: number; title: string }>('pages').findOne({ title: 'Shared' })).toEqual({ page_id: 1, title: 'Shared' });
      expect(await b.nextId('page')).toBe(2);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
