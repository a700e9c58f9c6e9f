import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { DocumentStore } from '../document-store/document-store';
import { LocalDatabase } from '../sqlite/local-database';
import { OutboxMailer, type OutboxMessage } from './outbox-mailer';

describe(OutboxMailer.name, () => {
  let dir: string;
  let local: LocalDatabase;
  let store: DocumentStore;
  let sut: OutboxMailer;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-outbox-'));
    local = new LocalDatabase(dir);
    store = (await local.stores()).documents;
    sut = new OutboxMailer(store);
  });

  afterEach(async () => {
    await local.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps a sent message in the mail_outbox collection', async () => {
    const before = Math.floor(Date.now() / 1000);

    await sut.send({ to: 'alice@example.com', subject: 'Reset your password', text: 'Use code 123456', html: '<p>Use code 123456</p>' });

    const rows = await store.collection<OutboxMessage>('mail_outbox').find({});
    expect(rows).toEqual([
      {
        id: 1,
        to: 'alice@example.com',
        subject: 'Reset your password',
        text: 'Use code 123456',
        html: '<p>Use code 123456</p>',
        created_at: expect.any(Number),
      },
    ]);
    expect(rows[0]?.created_at).toBeGreaterThanOrEqual(before);
    expect(rows[0]?.created_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
  });

  it('lists messages newest first, up to the limit', async () => {
    for (const n of [1, 2, 3]) await sut.send({ to: `user${n}@example.com`, subject: `Message ${n}`, text: `Body ${n}` });

    expect((await sut.list()).map((m) => m.subject)).toEqual(['Message 3', 'Message 2', 'Message 1']);
    expect((await sut.list(2)).map((m) => m.to)).toEqual(['user3@example.com', 'user2@example.com']);
    expect((await sut.list())[0]).not.toHaveProperty('html');
  });

  it('keeps messages across a restart of the store', async () => {
    await sut.send({ to: 'carol@example.com', subject: 'Welcome', text: 'Hello' });
    await local.close();

    local = new LocalDatabase(dir);
    store = (await local.stores()).documents;
    const reopened = new OutboxMailer(store);
    await reopened.send({ to: 'dave@example.com', subject: 'Second', text: 'Hi' });

    expect((await reopened.list()).map((m) => [m.id, m.to])).toEqual([
      [2, 'dave@example.com'],
      [1, 'carol@example.com'],
    ]);
  });
});
