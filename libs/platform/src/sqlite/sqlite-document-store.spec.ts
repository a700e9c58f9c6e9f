import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DuplicateKeyError } from '../document-store/document-store';
import { describeDocumentStoreContract } from '../document-store/document-store.contract';
import { SqliteDatabase } from './sqlite-database';
import { SqliteDocumentStore } from './sqlite-document-store';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'quire-sqlite-docs-'));

describeDocumentStoreContract('SqliteDocumentStore', async () => {
  const dir = tempDir();
  const db = new SqliteDatabase({ file: path.join(dir, 'quire.db') });
  const store = new SqliteDocumentStore(db);
  return {
    store,
    async dispose() {
      await store.close();
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe(SqliteDocumentStore.name, () => {
  interface Note {
    note_id: number;
    text?: string;
    tags?: string[];
    done?: boolean;
  }
  type Loose = Record<string, unknown>;

  let dir: string;
  let db: SqliteDatabase;
  let sut: SqliteDocumentStore;

  const open = () => {
    db = new SqliteDatabase({ file: path.join(dir, 'quire.db') });
    sut = new SqliteDocumentStore(db);
  };
  const reopen = async () => {
    await sut.close();
    await db.close();
    open();
  };
  const keys = (docs: Loose[]) => docs.map((doc) => doc.k as number).sort((a, b) => a - b);
  /** Everything under the directory as text: the database, its WAL and shared-memory files. */
  const filesUnder = () =>
    fs
      .readdirSync(dir)
      .map((name) => fs.readFileSync(path.join(dir, name)).toString('latin1'))
      .join('\n');

  beforeEach(() => {
    dir = tempDir();
    open();
  });

  afterEach(async () => {
    await sut.close();
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('finds documents, indexes, sequences and array fields again after a restart', async () => {
    const notes = sut.collection<Note>('notes');
    await notes.ensureIndex({ field: 'note_id', unique: true });
    await notes.insertOne({ note_id: await sut.nextId('note'), text: 'one', tags: ['a', 'b'], done: false });
    await notes.insertOne({ note_id: await sut.nextId('note'), text: 'two', tags: ['b'] });
    await notes.updateOne({ note_id: 2 }, { $set: { text: 'two, edited' } });
    await reopen();

    const reopened = sut.collection<Note>('notes');
    expect(await reopened.find({}, { sort: { note_id: 1 } })).toEqual([
      { note_id: 1, text: 'one', tags: ['a', 'b'], done: false },
      { note_id: 2, text: 'two, edited', tags: ['b'] },
    ]);
    expect((await reopened.find({ tags: 'a' })).map((note) => note.note_id)).toEqual([1]);
    expect(await reopened.count({ done: false })).toBe(1);
    expect(await sut.nextId('note')).toBe(3);
    await expect(reopened.insertOne({ note_id: 1, text: 'again' })).rejects.toThrow(DuplicateKeyError);
  });

  it('tells booleans from numbers, strings from numbers and from the JSON of objects, as MongoDB does', async () => {
    const values = sut.collection<Loose>('values');
    await values.insertMany([
      { k: 1, v: 1 },
      { k: 2, v: true },
      { k: 3, v: '1' },
      { k: 4, v: { a: 1 } },
      { k: 5, v: '{"a":1}' },
      { k: 6, v: 0 },
      { k: 7, v: false },
      { k: 8, v: 'x' },
      { k: 9 },
    ]);

    expect(keys(await values.find({ v: 1 }))).toEqual([1]);
    expect(keys(await values.find({ v: true }))).toEqual([2]);
    expect(keys(await values.find({ v: 0 }))).toEqual([6]);
    expect(keys(await values.find({ v: false }))).toEqual([7]);
    expect(keys(await values.find({ v: '1' }))).toEqual([3]);
    expect(keys(await values.find({ v: '{"a":1}' }))).toEqual([5]);
    expect(keys(await values.find({ v: { a: 1 } }))).toEqual([4]);
    expect(keys(await values.find({ v: { $gte: 0 } }))).toEqual([1, 6]);
    expect(keys(await values.find({ v: { $gte: '' } }))).toEqual([3, 5, 8]);
    expect(keys(await values.find({ v: { $in: [1, 'x', false] } }))).toEqual([1, 7, 8]);
    expect(keys(await values.find({ v: { $nin: [1, 'x', false, null] } }))).toEqual([2, 3, 4, 5, 6]);
    expect(keys(await values.find({ v: { $regex: /a/ } }))).toEqual([5]);
  });

  it('returns projected fields exactly as stored and leaves missing ones out', async () => {
    const values = sut.collection<Loose>('values');
    const stored = { k: 1, obj: { a: [1, { b: null }] }, arr: [1, 'x', true], flag: false, none: null, n: 1.5, s: 'é "quoted"\n', big: 2 ** 53 - 1 };
    await values.insertOne({ ...stored, other: 'not asked for' });

    expect(await values.find({}, { fields: ['obj', 'arr', 'flag', 'none', 'n', 's', 'big', 'missing'] })).toEqual([
      { obj: stored.obj, arr: stored.arr, flag: false, none: null, n: 1.5, s: stored.s, big: stored.big },
    ]);
    expect(await values.findOne({}, { fields: ['missing'] })).toEqual({});
  });

  it('reaches into embedded documents with dotted fields', async () => {
    const values = sut.collection<Loose>('values');
    await values.insertMany([{ k: 1 }, { k: 2, meta: { owner: { name: 'bob' } } }]);

    await values.updateOne({ k: 1 }, { $set: { 'meta.owner.name': 'ann' }, $inc: { 'meta.views': 2 } });
    expect(await values.findOne({ k: 1 })).toEqual({ k: 1, meta: { owner: { name: 'ann' }, views: 2 } });
    expect(keys(await values.find({ 'meta.owner.name': 'ann' }))).toEqual([1]);
    expect((await values.find({}, { sort: { 'meta.owner.name': -1 } })).map((doc) => doc.k)).toEqual([2, 1]);

    await values.updateOne({ k: 1 }, { $unset: { 'meta.owner': true, 'nothing.here': true } });
    expect(await values.findOne({ k: 1 })).toEqual({ k: 1, meta: { views: 2 } });
  });

  it('lets a unique index that is not sparse hold one document without a value, as MongoDB does', async () => {
    const values = sut.collection<Loose>('values');
    await values.ensureIndex({ field: 'code', unique: true });
    await values.insertOne({ k: 1 });

    await expect(values.insertOne({ k: 2 })).rejects.toThrow(DuplicateKeyError);
    await expect(values.insertOne({ k: 3, code: null })).rejects.toThrow(DuplicateKeyError);
    await values.insertOne({ k: 4, code: 'a' });
    expect(keys(await values.find({}))).toEqual([1, 4]);
  });

  it('refuses an update operator that meets a value of the wrong type, and changes no document', async () => {
    const values = sut.collection<Loose>('values');
    await values.insertMany([
      { k: 1, n: 1, list: [] },
      { k: 2, n: 'two', list: 'none' },
    ]);

    await expect(values.updateMany({}, { $inc: { n: 1 } })).rejects.toThrow(TypeError);
    await expect(values.updateOne({ k: 2 }, { $set: { 'n.deeper': 1 } })).rejects.toThrow(TypeError);
    const lists = sut.collection<{ k: number; list: string[] }>('values');
    await expect(lists.updateOne({ k: 2 }, { $pull: { list: 'x' } })).rejects.toThrow(TypeError);
    expect(await values.find({}, { sort: { k: 1 } })).toEqual([
      { k: 1, n: 1, list: [] },
      { k: 2, n: 'two', list: 'none' },
    ]);
  });

  it('compact leaves no overwritten or deleted value in any file under the directory', async () => {
    const notes = sut.collection<Note>('notes');
    await notes.ensureIndex({ field: 'text' });
    await notes.insertOne({ note_id: 1, text: 'first draft 5f2c91' });
    await notes.updateOne({ note_id: 1 }, { $set: { text: 'final text' } });
    await notes.insertOne({ note_id: 2, text: 'deleted note 9a7e13' });
    await notes.deleteOne({ note_id: 2 });
    expect(filesUnder()).toContain('first draft 5f2c91');

    await notes.compact();

    expect(filesUnder()).not.toMatch(/first draft 5f2c91|deleted note 9a7e13/);
    expect(await notes.find({})).toEqual([{ note_id: 1, text: 'final text' }]);
    await reopen();
    expect(await sut.collection<Note>('notes').find({ text: 'final text' })).toEqual([{ note_id: 1, text: 'final text' }]);
  });

  it('answers the hot reads of the repositories from their indexes', async () => {
    const indexes: [string, string, { unique?: boolean; sparse?: boolean }?][] = [
      ['pages', 'page_id', { unique: true }],
      ['pages', 'item_id'],
      ['pages', 'cat_id'],
      ['items', 'item_id', { unique: true }],
      ['items', 'item_domain', { unique: true, sparse: true }],
      ['items', 'uid'],
      ['item_members', 'item_member_id', { unique: true }],
      ['item_members', 'item_id'],
      ['item_members', 'uid'],
      ['item_members', 'member_key', { unique: true, sparse: true }],
      ['users', 'uid', { unique: true }],
      ['users', 'username', { unique: true }],
      ['catalogs', 'cat_id', { unique: true }],
      ['catalogs', 'item_id'],
      ['page_history', 'page_id'],
      ['notices', 'notice_id', { unique: true }],
      ['notices', 'to_uid'],
      ['notices', 'to_all'],
    ];
    for (const [collection, field, options] of indexes) await sut.collection<Loose>(collection).ensureIndex({ field, ...options });
    await sut.collection<Loose>('pages').insertOne({ page_id: 1, item_id: 1, cat_id: 0, page_title: 'Home', page_content: '# Home', is_del: 0 });
    await sut.collection<Loose>('notices').insertOne({ notice_id: 1, to_uid: 0, to_all: true, addtime: 1 });
    const summary = { fields: ['page_id', 'author_uid', 'cat_id', 'page_title', 'addtime', 's_number'] };

    const hotReads: [string, Loose, Record<string, unknown>?][] = [
      ['pages', { page_id: 1 }],
      ['pages', { page_id: 1, is_del: 0 }],
      ['pages', { item_id: 1, is_del: 0 }, summary],
      ['pages', { item_id: 1, cat_id: 0, is_del: 0 }, { sort: { s_number: 1, page_id: 1 } }],
      ['pages', { item_id: 1, cat_id: { $in: [1, 2] }, is_del: 0 }],
      ['pages', { item_id: 1, page_id: { $in: [1, 2] }, is_del: 0 }, { fields: ['page_id', 'page_content'] }],
      ['pages', { item_id: 1, is_del: 0 }, { sort: { page_id: 1 }, limit: 1 }],
      ['items', { item_id: 1 }],
      ['items', { item_id: 1, is_del: 0 }],
      ['items', { item_domain: 'docs' }],
      ['items', { is_del: 0, item_id: { $in: [1, 2] } }, { sort: { item_id: 1 } }],
      ['items', { is_del: 0, $or: [{ uid: 7 }, { item_id: { $in: [1, 2] } }] }, { sort: { item_id: 1 } }],
      ['item_members', { item_id: 1, uid: 7 }],
      ['item_members', { item_id: 1 }, { sort: { addtime: 1, item_member_id: 1 } }],
      ['item_members', { uid: 7 }],
      ['users', { uid: 7 }],
      ['users', { username: 'ann' }],
      ['catalogs', { item_id: 1 }, { sort: { s_number: 1, cat_id: 1 } }],
      ['catalogs', { item_id: 1, cat_id: 2 }],
      ['catalogs', { cat_id: 2 }],
      ['page_history', { page_id: 1 }, { sort: { addtime: -1, page_history_id: -1 }, limit: 20 }],
      ['page_history', { page_id: 1, page_history_id: 3 }],
      ['notices', { to_all: true }, { sort: { addtime: -1, notice_id: -1 }, limit: 20 }],
      ['notices', { to_uid: 7, to_all: false, is_read: 0 }],
    ];
    const unindexed = hotReads
      .map(([collection, filter, options]) => ({ collection, filter, plan: sut.explain(collection, filter, options) }))
      .filter(({ plan }) => plan.some((step) => /SCAN doc_/.test(step)) || !plan.some((step) => /^SEARCH doc_\S+ USING (COVERING )?INDEX/.test(step)));

    expect(unindexed).toEqual([]);
  });

  it('matches a field element by element once it held an array, also after a restart, and keeps other fields index lookups', async () => {
    const values = sut.collection<Loose>('values');
    await values.ensureIndex({ field: 'label' });
    await values.ensureIndex({ field: 'item_id' });
    await values.insertOne({ k: 1, item_id: 1, label: 'x' });
    const lookup = (filter: Loose) => sut.explain('values', filter).some((step) => step.startsWith('SEARCH doc_values USING INDEX'));
    expect(lookup({ label: 'x' })).toBe(true);

    await values.insertOne({ k: 2, item_id: 1, label: ['x', 'y'] });
    await reopen();

    const reopened = sut.collection<Loose>('values');
    expect(keys(await reopened.find({ label: 'x' }))).toEqual([1, 2]);
    expect(keys(await reopened.find({ label: 'y', item_id: 1 }))).toEqual([2]);
    expect(keys(await reopened.find({ label: { $ne: 'y' } }))).toEqual([1]);
    expect(lookup({ item_id: 1 })).toBe(true);
  });

  it("imports documents and sequences inside the caller's write, all or nothing", async () => {
    await sut.collection<Note>('notes').ensureIndex({ field: 'note_id', unique: true });
    await db.write(() => {
      sut.importDocuments('notes', [
        { note_id: 1, tags: ['x'] },
        { note_id: 2, tags: [] },
      ]);
      sut.setSequence('note', 2);
    });
    const failed = db.write(() => {
      sut.setSequence('note', 50);
      sut.importDocuments('notes', [{ note_id: 3 }, { note_id: 1 }]);
    });

    await expect(failed).rejects.toThrow(DuplicateKeyError);
    const notes = sut.collection<Note>('notes');
    expect((await notes.find({ tags: 'x' })).map((note) => note.note_id)).toEqual([1]);
    expect(await notes.count({})).toBe(2);
    expect(await sut.nextId('note')).toBe(3);
  });

  it('reads a collection first written by a rolled-back unit as empty, and writes it again', async () => {
    const fresh = sut.collection<Note>('fresh');
    const unit = sut.transaction(async () => {
      await fresh.insertOne({ note_id: 1 });
      expect(await fresh.find({ note_id: 1 })).toEqual([{ note_id: 1 }]);
      throw new Error('boom');
    });

    await expect(unit).rejects.toThrow('boom');
    expect(await fresh.find({ note_id: 1 })).toEqual([]);
    expect(await fresh.findOne({})).toBeNull();
    expect(await fresh.count({})).toBe(0);
    await fresh.insertOne({ note_id: 2 });
    expect(await fresh.find({})).toEqual([{ note_id: 2 }]);
  });

  it('rejects calls after close and leaves the database open for its other users', async () => {
    const notes = sut.collection<Note>('notes');
    await notes.insertOne({ note_id: 1 });
    await sut.close();

    await expect(notes.find({})).rejects.toThrow(/closed/);
    await expect(notes.insertOne({ note_id: 2 })).rejects.toThrow(/closed/);
    await expect(sut.nextId('note')).rejects.toThrow(/closed/);
    await expect(sut.ping()).rejects.toThrow(/closed/);
    expect(await new SqliteDocumentStore(db).collection<Note>('notes').find({})).toEqual([{ note_id: 1 }]);
  });

  it('refuses collection and field names that are not simple', async () => {
    expect(() => sut.collection('a"b')).toThrow(TypeError);
    expect(() => sut.collection('counters')).toThrow(/reserved/);
    await expect(sut.collection<Loose>('values').find({ "a'b": 1 })).rejects.toThrow(TypeError);
    await expect(sut.collection<Loose>('values').ensureIndex({ field: 'a"b' })).rejects.toThrow(TypeError);
  });
});
