import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { describeWith, MONGO_IMAGE, startMongoContainer, type ContainerServer } from '@quire/testing';
import { describeDocumentStoreContract } from './document-store.contract';
import { MongoDocumentStore } from './mongo-document-store';

/** A database of its own for each test on the server's URL, dropped afterwards. */
function testDatabaseUrl(serverUrl: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/quire_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  return url.toString();
}

async function dropDatabase(url: string): Promise<void> {
  const connection = await mongoose.createConnection(url, { serverSelectionTimeoutMS: 5_000 }).asPromise();
  try {
    await connection.dropDatabase();
  } finally {
    await connection.close();
  }
}

/**
 * A real MongoDB: MONGO_URL's, or one testcontainers starts where Docker runs (a developer's laptop).
 * No MongoDB runs on these machines: the suite skips there, naming why, even under REQUIRE_ALL_SUITES=1
 * (mongo-document-store.wire.spec.ts runs the same contract against the MongoDB-protocol test server).
 */
const realMongo = process.env.MONGO_URL ? { env: 'MONGO_URL' } : { container: MONGO_IMAGE };

describeWith({ ...realMongo, exempt: true }, MongoDocumentStore.name, () => {
  let serverUrl = process.env.MONGO_URL ?? '';
  let container: ContainerServer | undefined;

  beforeAll(async () => {
    if (serverUrl) return;
    const started = await startMongoContainer();
    container = started;
    serverUrl = started.url;
  }, 5 * 60_000);

  afterAll(async () => {
    await container?.stop();
  });

  describeDocumentStoreContract('MongoDocumentStore', async () => {
    const url = testDatabaseUrl(serverUrl);
    const store = new MongoDocumentStore({ url, serverSelectionTimeoutMS: 5_000 });
    await store.ping();
    return {
      store,
      async dispose() {
        await store.close();
        await dropDatabase(url);
      },
    };
  });
});
