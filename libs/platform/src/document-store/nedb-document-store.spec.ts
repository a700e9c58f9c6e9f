import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describeDocumentStoreContract } from './document-store.contract';
import { DuplicateKeyError } from './document-store';
import { NedbDocumentStore } from './nedb-document-store';

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'quire-nedb-'));
}

describeDocumentStoreContract('NedbDocumentStore', async () => {
  const dir = tempDir();
  const store = new NedbDocumentStore({ dir });
  return {
    store,
    async dispose() {
      await store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe(NedbDocumentStore.name, () => {
  interface Note {
    note_id: number;
    text: string;
  }

  let dir: string;

  beforeEach(() => {
    dir = tempDir();
  });

  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('creates its directory and keeps each collection in <dir>/<collection>.db', async () => {
    const nested = path.join(dir, 'data', 'db');
    const sut = new NedbDocumentStore({ dir: nested });
    await sut.collection<Note>('notes').insertOne({ note_id: 1, text: 'hello' });
    await sut.nextId('note');
    await sut.close();

    expect(fs.readdirSync(nested).sort()).toEqual(['counters.db', 'notes.db']);
  });

  it('creates its directories 0700 and its files 0600, also when rewriting them', async () => {
    const nested = path.join(dir, 'data', 'db');
    const sut = new NedbDocumentStore({ dir: nested });
    const notes = sut.collection<Note>('notes');
    await notes.insertOne({ note_id: 1, text: 'hello' });
    await notes.compact();
    await notes.insertOne({ note_id: 2, text: 'again' });
    await sut.close();

    expect([path.join(dir, 'data'), nested].map((d) => fs.statSync(d).mode & 0o777)).toEqual([0o700, 0o700]);
    expect(fs.readdirSync(nested).map((file) => fs.statSync(path.join(nested, file)).mode & 0o777)).toEqual([0o600]);
  });

  it('compact leaves no earlier version of a document in the file', async () => {
    const sut = new NedbDocumentStore({ dir });
    const notes = sut.collection<Note>('notes');
    await notes.insertOne({ note_id: 1, text: 'first draft' });
    await notes.updateOne({ note_id: 1 }, { $set: { text: 'final text' } });
    await notes.insertOne({ note_id: 2, text: 'deleted note' });
    await notes.deleteOne({ note_id: 2 });
    const file = () => fs.readFileSync(path.join(dir, 'notes.db'), 'utf8');
    expect(file()).toContain('first draft');

    await notes.compact();

    expect(file()).not.toMatch(/first draft|deleted note/);
    expect(await notes.find({})).toEqual([{ note_id: 1, text: 'final text' }]);
    await sut.close();
  });

  it('keeps indexes right when documents sharing a key are updated, moved to another key, or collide on a unique key', async () => {
    interface Page {
      page_id: number;
      item_id: number;
      title: string;
    }
    const sut = new NedbDocumentStore({ dir });
    const pages = sut.collection<Page>('pages');
    await pages.ensureIndex({ field: 'page_id', unique: true });
    await pages.ensureIndex({ field: 'item_id' });
    await pages.insertMany(Array.from({ length: 300 }, (_, i) => ({ page_id: i + 1, item_id: 7, title: `page ${i + 1}` })));

    // Same key (item 7): the updated document is what the index answers, the others are untouched.
    await pages.updateOne({ page_id: 150 }, { $set: { title: 'edited' } });
    await pages.updateMany({ page_id: { $in: [1, 2] } }, { $set: { title: 'both' } });
    const inItem = await pages.find({ item_id: 7 }, { sort: { page_id: 1 } });
    expect(inItem).toHaveLength(300);
    expect(inItem.filter((page) => page.title !== `page ${page.page_id}`).map((page) => [page.page_id, page.title])).toEqual([
      [1, 'both'],
      [2, 'both'],
      [150, 'edited'],
    ]);
    // A changed key moves the document between keys.
    await pages.updateOne({ page_id: 150 }, { $set: { item_id: 8 } });
    expect(await pages.count({ item_id: 7 })).toBe(299);
    expect(await pages.find({ item_id: 8 })).toEqual([{ page_id: 150, item_id: 8, title: 'edited' }]);
    // A unique key taken by another document is refused and changes nothing.
    await expect(pages.updateOne({ page_id: 3 }, { $set: { page_id: 4 } })).rejects.toThrow(DuplicateKeyError);
    expect(await pages.findOne({ page_id: 3 })).toEqual({ page_id: 3, item_id: 7, title: 'page 3' });
    expect(await pages.find({ page_id: 4 })).toHaveLength(1);
    await sut.close();

    // What is on disk says the same.
    const reopened = new NedbDocumentStore({ dir });
    expect(await reopened.collection<Page>('pages').count({ item_id: 7 })).toBe(299);
    expect(await reopened.collection<Page>('pages').findOne({ page_id: 1 })).toEqual({ page_id: 1, item_id: 7, title: 'both' });
    await reopened.close();
  });

  it('finds documents, indexes and sequences again after a restart', async () => {
    const first = new NedbDocumentStore({ dir });
    const notes = first.collection<Note>('notes');
    await notes.ensureIndex({ field: 'note_id', unique: true });
    await notes.insertMany([
      { note_id: await first.nextId('note'), text: 'one' },
      { note_id: await first.nextId('note'), text: 'two' },
    ]);
    await notes.updateOne({ note_id: 2 }, { $set: { text: 'two, edited' } });
    await notes.insertOne({ note_id: 3, text: 'three' });
    await notes.deleteOne({ note_id: 3 });
    await first.close();

    const sut = new NedbDocumentStore({ dir });
    const reopened = sut.collection<Note>('notes');
    expect(await reopened.find({}, { sort: { note_id: 1 } })).toEqual([
      { note_id: 1, text: 'one' },
      { note_id: 2, text: 'two, edited' },
    ]);
    expect(await sut.nextId('note')).toBe(3);
    await expect(reopened.insertOne({ note_id: 1, text: 'again' })).rejects.toBeInstanceOf(DuplicateKeyError);
    await sut.close();
  });

  it('rejects calls after close', async () => {
    const sut = new NedbDocumentStore({ dir });
    await sut.collection<Note>('notes').insertOne({ note_id: 1, text: 'x' });
    await sut.close();

    await expect(sut.collection<Note>('notes').find({})).rejects.toThrow(/closed/);
    await expect(sut.ping()).rejects.toThrow(/closed/);
  });

  it('refuses collection names that are not plain file names', () => {
    const sut = new NedbDocumentStore({ dir });
    expect(() => sut.collection('../escape')).toThrow(TypeError);
    expect(() => sut.collection('a/b')).toThrow(TypeError);
    expect(() => sut.collection('counters')).toThrow(/reserved/);
  });

  it('keeps the file small under many updates by compacting it', async () => {
    const sut = new NedbDocumentStore({ dir });
    const notes = sut.collection<Note>('notes');
    await notes.insertOne({ note_id: 1, text: 'v0' });
    for (let i = 1; i <= 2500; i += 1) await notes.updateOne({ note_id: 1 }, { $set: { text: `v${i}` } });
    await sut.close();

    const lines = fs.readFileSync(path.join(dir, 'notes.db'), 'utf8').trim().split('\n');
    expect(lines.length).toBeLessThan(1000);
    const reopened = new NedbDocumentStore({ dir });
    expect(await reopened.collection<Note>('notes').find({})).toEqual([{ note_id: 1, text: 'v2500' }]);
    await reopened.close();
  });
});
