import { Long, UUID, type Document } from 'bson';
import { MongoEngine } from './mongo-engine';
import { SessionCatalog } from './transactions';

/**
 * What the driver cannot be made to show through the wire spec: the answer to a retryable write
 * that arrives twice (the driver resends one only after losing the first answer, which a fail
 * point cannot arrange once the write has run).
 */
describe(SessionCatalog.name, () => {
  const connection = { id: 1 };
  let sut: MongoEngine;
  const lsid = { id: new UUID() };
  const insert = (txnNumber: number, n: number): Document => ({
    insert: 'notes',
    documents: [{ _id: n, n }],
    lsid,
    txnNumber: Long.fromNumber(txnNumber),
    $db: 'test',
  });
  const stored = async () => (await sut.run({ find: 'notes', filter: {}, $db: 'test' }, connection)).cursor.firstBatch;

  beforeEach(() => {
    sut = new MongoEngine(() => '127.0.0.1:27017');
  });

  afterEach(() => {
    sut.restart();
  });

  it('answers a retryable write sent again with its first answer, and writes it once', async () => {
    const first = await sut.run(insert(1, 1), connection);
    const again = await sut.run(insert(1, 1), connection);

    expect(first).toMatchObject({ ok: 1, n: 1 });
    expect(again).toMatchObject({ ok: 1, n: 1 });
    expect(again).not.toHaveProperty('writeErrors');
    expect(await stored()).toEqual([{ _id: 1, n: 1 }]);
  });

  it('refuses a write with a transaction number older than the session has seen', async () => {
    await sut.run(insert(2, 1), connection);

    expect(await sut.run(insert(1, 2), connection)).toMatchObject({ ok: 0, code: 225, codeName: 'TransactionTooOld' });
    expect(await stored()).toEqual([{ _id: 1, n: 1 }]);
  });
});
