import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { DuplicateKeyError } from '../../document-store/document-store';
import { SqliteDatabase } from '../sqlite-database';
import { SqliteDocumentStore } from '../sqlite-document-store';
import { SqliteKeyValueStore } from '../sqlite-key-value-store';
import { SqliteSmallBlobs } from '../sqlite-small-blobs';
import { convertLegacyDataDir } from './convert-legacy-data-dir';
import { UnreadableLegacyDataError } from './unreadable-legacy-data.error';

const FIXTURE = path.resolve(__dirname, '../../../../../e2e/fixtures/nedb-release/data');
/** Just after the fixture was made: its sessions live (they expire on 2027-02-23). */
const FIXTURE_NOW = 1795673200000;
/** The live documents of each collection of the fixture (the last line of each `_id`, less the deleted ones). */
const FIXTURE_COUNTS: Record<string, number> = {
  attachments: 1,
  catalogs: 3,
  email_tokens: 0,
  export_jobs: 0,
  item_members: 1,
  item_sorts: 0,
  item_tokens: 1,
  items: 2,
  notice_receipts: 0,
  notices: 2,
  page_history: 2,
  pages: 45,
  recycle: 1,
  settings: 0,
  single_pages: 0,
  team_item_members: 0,
  team_items: 0,
  team_members: 1,
  teams: 1,
  templates: 1,
  users: 3,
};

type Doc = Record<string, unknown>;
const line = (doc: object) => `${JSON.stringify(doc)}\n`;

describe(convertLegacyDataDir.name, () => {
  let dataDir: string;
  let logged: string[];
  const opened: (() => Promise<void>)[] = [];

  /** The stores of DATA_DIR's database, as LocalDatabase makes them. */
  const open = () => {
    const db = new SqliteDatabase({ file: path.join(dataDir, 'quire.db') });
    const stores = { documents: new SqliteDocumentStore(db), keyValue: new SqliteKeyValueStore(db), smallBlobs: new SqliteSmallBlobs(db) };
    const close = async () => {
      await stores.keyValue.close();
      await stores.documents.close();
      await db.close();
    };
    opened.push(close);
    return { db, ...stores, close };
  };
  const convert = (stores: ReturnType<typeof open>) => convertLegacyDataDir({ dataDir, ...stores, log: (entry) => logged.push(entry) });
  const writeFile = (relative: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(dataDir, relative)), { recursive: true });
    fs.writeFileSync(path.join(dataDir, relative), content);
  };
  const movedAside = () => fs.readdirSync(path.join(dataDir, 'legacy-nedb')).map((name) => path.join(dataDir, 'legacy-nedb', name));

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-legacy-'));
    logged = [];
  });

  afterEach(async () => {
    for (const close of opened.splice(0)) await close().catch(() => undefined);
    jest.useRealTimers();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  describe('the DATA_DIR of the NeDB release (e2e/fixtures/nedb-release)', () => {
    beforeEach(() => {
      fs.cpSync(FIXTURE, dataDir, { recursive: true });
      // Only Date: the database's commits wait for setImmediate and the file system.
      jest.useFakeTimers({
        now: FIXTURE_NOW,
        doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
      });
    });

    it('converts every live document, key and history body, and the id sequences go on where they stopped', async () => {
      const sut = open();

      await convert(sut);

      for (const [name, count] of Object.entries(FIXTURE_COUNTS)) {
        expect({ name, count: await sut.documents.collection(name).count({}) }).toEqual({ name, count });
      }
      const pages = sut.documents.collection<Doc>('pages');
      expect((await pages.findOne({ page_id: 1 }))?.page_content).toBe('# Create\n\nPOST /orders v3 — 订单创建接口\n\n| field | type |\n|---|---|\n| amount | int |');
      expect((await pages.findOne({ page_id: 45 }))?.is_del).toBe(1);
      const history = await sut.documents.collection<Doc>('page_history').find({ page_id: 1 }, { sort: { page_history_id: 1 } });
      const bodies = history.map((version) => gunzipSync(sut.smallBlobs.read(`history/${String(version.content_hash)}`) as Buffer).toString('utf8'));
      expect(bodies).toEqual(['# Create\n\nPOST /orders v1', '# Create\n\nPOST /orders v2 — 订单创建接口']);
      expect(JSON.parse((await sut.keyValue.get('session-sha256:f4c6acc31b64105b0ac813d1001f15b756cc694bc9a92913666ed5f1e229897c')) ?? 'null')).toMatchObject({ uid: 2, username: 'alice' });
      expect(await sut.keyValue.setMembers('user-sessions:1')).toEqual(['0ceb024ad81520fc9ff888f1cfa80cff7daca9fa484d0735451798f70bba056d']);
      expect(await sut.keyValue.keysWithPrefix('rate:')).toEqual([]);
      expect(await sut.documents.nextId('page_id')).toBe(46);
      expect(await sut.documents.nextId('uid')).toBe(4);
      await expect(sut.documents.collection<Doc>('users').insertOne({ uid: 4, username: 'alice' })).rejects.toThrow(DuplicateKeyError);
    });

    it('logs its progress and where the old files went, moves them there and leaves the large files in place', async () => {
      await convert(open());

      expect(logged).toContain('Converting the data of the previous release to SQLite: pages 45 of 45');
      expect(logged).toContain('Converting the data of the previous release to SQLite: small files 2 of 2');
      for (const old of ['db', 'kv', path.join('files', 'pack')]) expect(fs.existsSync(path.join(dataDir, old))).toBe(false);
      const [aside] = movedAside();
      expect(fs.readdirSync(path.join(aside, 'db'))).toHaveLength(22);
      expect(fs.existsSync(path.join(aside, 'kv', 'kv.db'))).toBe(true);
      expect(fs.existsSync(path.join(aside, 'files', 'pack', 'blobs.pack'))).toBe(true);
      expect(fs.existsSync(path.join(dataDir, 'files', 'blobs', 'uploads', '2026', '11', '5f9589a2bcb7b82e90b90c0e134bb4cf'))).toBe(true);
      expect(logged.at(-1)).toMatch(/^Converted the data of the previous release to SQLite: 64 documents, 7 key-value entries, 2 small files\. /);
      expect(logged.at(-1)).toContain(`Its files are now in ${aside}; delete that folder once this release is trusted.`);
    });

    it('does nothing on the next start', async () => {
      const first = open();
      await convert(first);
      await first.close();
      logged = [];

      const second = open();
      await convert(second);

      expect(logged).toEqual([]);
      expect(await second.documents.collection('pages').count({})).toBe(45);
      expect(movedAside()).toHaveLength(1);
    });
  });

  it('does nothing on a DATA_DIR without data of the previous release', async () => {
    writeFile(path.join('files', 'blobs', 'uploads', 'a'), 'a large file of this release');

    await convert(open());

    expect(logged).toEqual([]);
    expect(fs.existsSync(path.join(dataDir, 'legacy-nedb'))).toBe(false);
  });

  it('leaves out expired keys and a torn last line, saying so', async () => {
    const now = Date.now();
    writeFile(path.join('db', 'notes.db'), `${line({ note_id: 1, _id: 'a' })}{"note_id":2,"te`);
    writeFile(
      path.join('kv', 'kv.db'),
      line({ _id: 'live', v: 'kept', e: now + 60_000 }) + line({ _id: 'forever', v: 'kept too', e: null }) + line({ _id: 'expired', v: 'gone', e: now - 1 }),
    );
    const sut = open();

    await convert(sut);

    expect(await sut.documents.collection<Doc>('notes').find({})).toEqual([{ note_id: 1 }]);
    expect(await sut.keyValue.getMany(['live', 'forever', 'expired'])).toEqual(['kept', 'kept too', null]);
    expect(logged.join('\n')).toMatch(/notes\.db: line\(s\) 2 are not valid JSON/);
    expect(logged).toContain('Converting the data of the previous release to SQLite: key-value entries 2 of 2 (1 expired ones left out)');
  });

  it('keeps a unique index the old documents break as a non-unique one, and says so', async () => {
    writeFile(
      path.join('db', 'users.db'),
      line({ $$indexCreated: { fieldName: 'email', unique: true, sparse: false } }) +
        line({ uid: 1, email: 'same@example.com', _id: 'a' }) +
        line({ uid: 2, email: 'same@example.com', _id: 'b' }),
    );
    const sut = open();

    await convert(sut);

    expect(await sut.documents.collection<Doc>('users').count({ email: 'same@example.com' })).toBe(2);
    expect(logged.join('\n')).toMatch(/users: the documents break the unique index on email .*non-unique/);
  });

  it('logs a line every 10,000 documents', async () => {
    writeFile(path.join('db', 'pages.db'), Array.from({ length: 25_000 }, (_, n) => line({ page_id: n, _id: `id${n}` })).join(''));
    const sut = open();

    await convert(sut);

    expect(logged.filter((entry) => entry.includes(': pages '))).toEqual([
      'Converting the data of the previous release to SQLite: pages 10,000 of 25,000',
      'Converting the data of the previous release to SQLite: pages 20,000 of 25,000',
      'Converting the data of the previous release to SQLite: pages 25,000 of 25,000',
    ]);
    expect(await sut.documents.collection('pages').count({})).toBe(25_000);
  });

  it('keeps nothing when a file cannot be read, and converts on the next start once it is fixed', async () => {
    writeFile(path.join('db', 'pages.db'), line({ page_id: 1, _id: 'a' }));
    writeFile(path.join('kv', 'kv.db'), 'not json\nnot json either\n');
    const first = open();

    await expect(convert(first)).rejects.toThrow(UnreadableLegacyDataError);
    await expect(convert(first)).rejects.toThrow(/kv\.db .*2 of its 2 lines are not valid JSON/);

    expect(await first.documents.collection('pages').count({})).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'db', 'pages.db'))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'legacy-nedb'))).toBe(false);
    await first.close();

    writeFile(path.join('kv', 'kv.db'), line({ _id: 'k', v: 'v', e: null }));
    const second = open();
    await convert(second);

    expect(await second.documents.collection('pages').count({})).toBe(1);
    expect(await second.keyValue.get('k')).toBe('v');
  });

  it('after a stop between the commit and the move, moves the old files aside without converting them twice', async () => {
    writeFile(path.join('db', 'pages.db'), line({ page_id: 1, _id: 'a' }));
    const first = open();
    await convert(first);
    await first.close();
    // As if the process had stopped before the rename.
    const [aside] = movedAside();
    fs.renameSync(path.join(aside, 'db'), path.join(dataDir, 'db'));
    logged = [];

    const second = open();
    await convert(second);

    expect(await second.documents.collection('pages').count({})).toBe(1);
    expect(fs.existsSync(path.join(aside, 'db', 'pages.db'))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(false);
    expect(logged).toEqual([`The previous release's data was converted to SQLite before; its remaining files are now in ${aside} too.`]);
  });
});
