import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { describeWith } from '@quire/testing';
import { describeDocumentStoreContract } from './document-store.contract';
import { MongoDocumentStore } from './mongo-document-store';

/** MONGO_URL with a database of its own for each test, dropped afterwards. */
function testDatabaseUrl(): string {
  const url = new URL(process.env.MONGO_URL ?? '');
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

describeWith({ env: 'MONGO_URL', exempt: true }, MongoDocumentStore.name, () => {
  describeDocumentStoreContract('MongoDocumentStore', async () => {
    const url = testDatabaseUrl();
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
