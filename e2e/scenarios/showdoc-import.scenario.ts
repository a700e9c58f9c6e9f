import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { zipSync } from 'fflate';
import { type ImportStatus, type ItemListEntry, type MenuCatalog, type PageHistoryRow, type PageInfo, type RegularItemInfo, type StartedImport, unescapeHtml } from '@quire/proto';
import { ApiClient, type ApiEnvelope, SHOWDOC_FIXTURE_DIR } from '@quire/testing';
import { SYSTEM_ADMIN_PASSWORD } from '../src/embedded-system';
import type { SystemTarget } from '../src/system-target';

/** The real ShowDoc 3.9.2 site beside the repository (its README lists the users, passwords and contents). */
export const SHOWDOC_FIXTURE = SHOWDOC_FIXTURE_DIR;
const SHOWDOC_DB = path.join(SHOWDOC_FIXTURE, 'showdoc.db');
const IMAGE = '2026-11-25/6b060d808e7e86b060d808e7ea6b060d808e7eb.png';
const SHARE_KEY = '8c4dfb453f6b2f7f33eb41e395f5518f';
const API_KEY = '7a5f4dcfb2d9a1cc3fbb81e7658910282096529457';
const API_TOKEN = '927d2c5999c637bada597976259ee0eb1052124242';

interface ImportReport {
  dry_run: boolean;
  counts: Record<string, { imported: number; existing: number; skipped: number; failed: number }>;
  entries: { kind: string; source_id: number; name: string; outcome: string; reason?: string; quire_id?: number }[];
}

/** The fixture's one uploaded image (an attachment of "Payments API"). */
export const SHOWDOC_IMAGE = path.join(SHOWDOC_FIXTURE, 'Uploads', '2026-11-25', '6b060d808e7e86b060d808e7ea6b060d808e7eb.png');

export interface CommandRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run import:showdoc -- <args>` as an operator types it, from the repository's root with `env` added. */
export function npmRunImport(env: Record<string, string>, args: string[]): Promise<CommandRun> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'import:showdoc', '--', ...args], { cwd: path.resolve(__dirname, '..', '..'), env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export function ok<T>(envelope: ApiEnvelope<T>): T {
  expect(envelope).toMatchObject({ error_code: 0 });
  return envelope.data as T;
}

/** What the fixture's database holds, read as ShowDoc stored it. */
function fixtureRows<T>(sql: string, ...params: (string | number)[]): T[] {
  const db = new DatabaseSync(SHOWDOC_DB, { readOnly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** The site as an administrator uploads it: a zip of the database (where ShowDoc keeps it) and Public/Uploads. */
export function showdocSiteZip(database: Buffer = fs.readFileSync(SHOWDOC_DB), moreUploads: Record<string, Buffer> = {}): Buffer {
  return Buffer.from(
    zipSync({
      'Sqlite/showdoc.db.php': new Uint8Array(database),
      [`Public/Uploads/${IMAGE}`]: new Uint8Array(fs.readFileSync(path.join(SHOWDOC_FIXTURE, 'Uploads', IMAGE))),
      ...Object.fromEntries(Object.entries(moreUploads).map(([name, bytes]) => [`Public/Uploads/${name}`, new Uint8Array(bytes)])),
    }),
  );
}

/** The site's Public/Uploads folder zipped on its own, to upload beside the database. */
export function showdocUploadsZip(): Buffer {
  return Buffer.from(zipSync({ [`Uploads/${IMAGE}`]: new Uint8Array(fs.readFileSync(path.join(SHOWDOC_FIXTURE, 'Uploads', IMAGE))) }));
}

/** Multipart file parts by field name: the one-zip form `{file}`, or the database and its uploads `{db, uploads}`. */
type FileParts = Record<string, [bytes: Buffer, name: string]>;

type Outline = [string, number, string[], Outline[]];
const outline = (catalogs: MenuCatalog[] = []): Outline[] => catalogs.map((c) => [c.cat_name, c.s_number, c.pages.map((p) => p.page_title), outline(c.catalogs)]);

/**
 * A ShowDoc site imported through the console's API (issue 16), then used as its users would: each logs in with the
 * ShowDoc password, finds the items, catalogs, pages, history, files, share key, templates, members' and teams'
 * rights as they were, and old scripts keep working with the item's api_key/api_token. A second import adds
 * nothing; a dry run and a bad file write nothing.
 */
export function describeShowdocImport(target: () => SystemTarget): void {
  let admin: ApiClient;

  const login = async (username: string, password: string): Promise<ApiClient> => {
    const client = new ApiClient(target().baseUrl);
    ok(await client.post('/api/user/login', { username, password }));
    return client;
  };
  const upload = async (parts: FileParts, params: Record<string, string> = {}): Promise<ApiEnvelope<StartedImport>> => {
    const form = new FormData();
    for (const [key, value] of Object.entries(params)) form.append(key, value);
    for (const [field, [bytes, name]] of Object.entries(parts)) form.append(field, new Blob([new Uint8Array(bytes)]), name);
    return (await admin.request('/api/adminImport/showdoc', { method: 'POST', body: form })).json<ApiEnvelope<StartedImport>>();
  };
  /** Starts an import and follows it (`adminImport/status`) until it ends. */
  const runImport = async (parts: FileParts, params: Record<string, string> = {}): Promise<{ importId: string; status: ImportStatus }> => {
    const importId = ok(await upload(parts, params)).import_id;
    expect(importId).toMatch(/^[a-f0-9]{32}$/);
    for (let i = 0; i < 600; i++) {
      const status = ok(await admin.post<ImportStatus>('/api/adminImport/status', { import_id: importId }));
      if (status.state === 'done' || status.state === 'failed') return { importId, status };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`import ${importId} did not end`);
  };
  const reportOf = async (importId: string): Promise<ImportReport> => {
    const response = await admin.request(`/api/adminImport/report?import_id=${importId}`);
    expect(response.status).toBe(200);
    return response.json<ImportReport>();
  };
  const myItems = async (client: ApiClient): Promise<ItemListEntry[]> => ok(await client.post<ItemListEntry[]>('/api/item/myList'));
  const itemNamed = async (client: ApiClient, name: string): Promise<ItemListEntry> => {
    const item = (await myItems(client)).find((entry) => entry.item_name === name);
    if (!item) throw new Error(`${name} is not among the items of this user`);
    return item;
  };
  const userCount = async (): Promise<number> => ok(await admin.post<{ total: number }>('/api/adminUser/getList', { page: 1, count: 1 })).total;

  /** What the dry run, then the import, answered, and what the site held before each (set up once for every test). */
  let dryRun: { importId: string; status: ImportStatus; report: ImportReport; usersBefore: number; usersAfter: number; aliceLogin: number };
  let imported: { importId: string; status: ImportStatus; report: ImportReport };

  beforeAll(async () => {
    admin = await login('showdoc', SYSTEM_ADMIN_PASSWORD);
    const usersBefore = await userCount();
    // The dry run as the console sends the site: the database and a zip of its Uploads, apart.
    const dry = await runImport({ db: [fs.readFileSync(SHOWDOC_DB), 'showdoc.db.php'], uploads: [showdocUploadsZip(), 'Uploads.zip'] }, { dry_run: '1' });
    dryRun = {
      ...dry,
      report: await reportOf(dry.importId),
      usersBefore,
      usersAfter: await userCount(),
      aliceLogin: (await new ApiClient(target().baseUrl).post('/api/user/login', { username: 'alice', password: 'alice-pass-1' })).error_code,
    };
    const run = await runImport({ file: [showdocSiteZip(), 'showdoc-site.zip'] });
    imported = { ...run, report: await reportOf(run.importId) };
  }, 120_000);

  it('a dry run reports what it would import and writes nothing', () => {
    expect(dryRun.status).toMatchObject({ state: 'done', report_url: `/api/adminImport/report?import_id=${dryRun.importId}` });
    expect(dryRun.status).toMatchObject({ dry_run: true, counts: { item: { imported: 4, existing: 0 }, page: { imported: 27, failed: 0 }, attachment: { imported: 1, skipped: 0 } } });
    expect(dryRun.report.dry_run).toBe(true);
    expect(dryRun.report.counts).toEqual(dryRun.status.counts);
    expect(dryRun.usersAfter).toBe(dryRun.usersBefore);
    expect(dryRun.aliceLogin).not.toBe(0);
  });

  it('imports the site: users, items, catalogs, pages, history, files, members, teams, templates; the report lists what was not taken', async () => {
    expect(imported.status).toMatchObject({ state: 'done', done: imported.status.total });
    // Nothing failed (and if something did, its reason shows here).
    expect(imported.report.entries.filter((entry) => entry.outcome === 'failed')).toEqual([]);
    expect(imported.report.counts).toMatchObject({
      user: { imported: 4, existing: 1, failed: 0 },
      item: { imported: 4, failed: 0 },
      catalog: { imported: 6 },
      page: { imported: 27 },
      history: { imported: 22 },
      attachment: { imported: 1 },
      share: { imported: 1 },
      token: { imported: 1 },
      member: { imported: 2 },
      template: { imported: 1 },
      team: { imported: 1 },
      team_member: { imported: 2 },
      team_item: { imported: 1 },
    });
    // ShowDoc's administrator `showdoc` meets Quire's own: mapped to it, never merged, and said so.
    expect(imported.report.entries).toContainEqual(expect.objectContaining({ kind: 'user', name: 'showdoc', outcome: 'existing', reason: expect.stringContaining('already in Quire') }));
    const text = await admin.request(`/api/adminImport/report?import_id=${imported.importId}&format=text`);
    expect(text.text()).toContain('items: 4 imported');
  });

  it("each user logs in with the ShowDoc password; ShowDoc's administrator stays Quire's, whose password is unchanged", async () => {
    for (const [username, password] of [
      ['alice', 'alice-pass-1'],
      ['bob', 'bob-pass-1'],
      ['carol', 'carol-pass-1'],
      ['dave', 'dave-pass-1'],
    ]) {
      const client = await login(username, password);
      expect(ok(await client.post<{ username: string; groupid: number }>('/api/user/info'))).toMatchObject({ username, groupid: 2 });
    }
    expect(ok(await (await login('carol', 'carol-pass-1')).post<{ name: string }>('/api/user/info')).name).toBe('陈卡罗');
    expect((await new ApiClient(target().baseUrl).post('/api/user/login', { username: 'showdoc', password: '123456' })).error_code).not.toBe(0);
    expect(ok(await admin.post<{ groupid: number }>('/api/user/info')).groupid).toBe(1);
  });

  it('every item, catalog level, page and history version is there as in ShowDoc', async () => {
    const alice = await login('alice', 'alice-pass-1');
    const payments = await itemNamed(alice, 'Payments API');
    const info = ok(await alice.post<RegularItemInfo>('/api/item/info', { item_id: payments.item_id }));
    expect(info.item_domain).toBe('payments');
    expect(outline(info.menu.catalogs)).toEqual([
      ['Guide', 1, ['Get order 1', 'Get order 8', 'Get order 15'], []],
      [
        'Orders',
        2,
        ['Get order 2', 'Get order 9', 'Get order 16'],
        [['Refunds', 1, ['Get order 3', 'Get order 10', 'Get order 17'], [['v2', 1, ['Get order 4', 'Get order 11', 'Get order 18'], []]]]],
      ],
      ['中文文档', 3, ['查询订单 5', '查询订单 12', '查询订单 19'], [['订单接口', 1, ['查询订单 6', '查询订单 13', '查询订单 20'], []]]],
    ]);
    expect(info.menu.pages.map((page) => page.page_title)).toEqual(['Get order 7', 'Get order 14', 'Get order 21']);
    expect(new Set((await myItems(alice)).map((item) => item.item_name))).toEqual(new Set(['Payments API', '内部运维手册']));

    // Content, authors and every saved version of each page, as ShowDoc stored them (HTML-escaped there and here).
    const pages = fixtureRows<{ page_id: number; page_title: string; page_content: string; author_username: string }>(
      'SELECT page_id, page_title, page_content, author_username FROM page WHERE item_id = ? ORDER BY page_id',
      687069438,
    );
    const ids = new Map<string, number>();
    const walk = (catalogs: MenuCatalog[] = []) => {
      for (const c of catalogs) {
        for (const p of c.pages) ids.set(p.page_title, p.page_id);
        walk(c.catalogs);
      }
    };
    walk(info.menu.catalogs);
    for (const p of info.menu.pages) ids.set(p.page_title, p.page_id);
    for (const page of pages) {
      const pageId = ids.get(page.page_title) as number;
      const shown = ok(await alice.post<PageInfo>('/api/page/info', { page_id: pageId }));
      expect(unescapeHtml(shown.page_content)).toBe(unescapeHtml(page.page_content));
      expect(shown.author_username).toBe(page.author_username);
      const versions = fixtureRows<{ page_content: string }>('SELECT page_content FROM page_history WHERE page_id = ? ORDER BY page_history_id DESC', page.page_id);
      const history = ok(await alice.post<PageHistoryRow[] | never[]>('/api/page/history', { page_id: pageId })) as PageHistoryRow[];
      expect(history.map((row) => unescapeHtml(row.page_content))).toEqual(versions.map((row) => unescapeHtml(row.page_content)));
    }
    expect(ids.size).toBe(21);
  });

  it('the attachment keeps its bytes and its name, and the shared page opens at its old key', async () => {
    const alice = await login('alice', 'alice-pass-1');
    const shared = ok(await new ApiClient(target().baseUrl).post<PageInfo>('/api/page/infoByKey', { unique_key: SHARE_KEY }));
    expect(shared.page_title).toBe('Get order 1');
    const files = ok(await alice.post<{ display_name: string; url: string }[]>('/api/page/uploadList', { page_id: shared.page_id }));
    expect(files).toEqual([expect.objectContaining({ display_name: 'diagram.png', url: '/server/index.php?s=/api/attachment/visitFile&sign=555de090ebae1877580d350c3a801cc9' })]);
    const bytes = await alice.request(files[0].url);
    expect(bytes.status).toBe(200);
    expect(bytes.body.equals(fs.readFileSync(path.join(SHOWDOC_FIXTURE, 'Uploads', IMAGE)))).toBe(true);
  });

  it('rights behave as in ShowDoc: an editing member saves, a read-only member cannot, a team member edits its team item', async () => {
    const alice = await login('alice', 'alice-pass-1');
    const payments = await itemNamed(alice, 'Payments API');
    const bob = await login('bob', 'bob-pass-1');
    ok(await bob.post('/api/page/save', { item_id: payments.item_id, page_title: 'Added by bob', page_content: 'bob was here' }));
    const carol = await login('carol', 'carol-pass-1');
    expect((await carol.post('/api/page/save', { item_id: payments.item_id, page_title: 'Added by carol', page_content: 'no' })).error_code).not.toBe(0);
    expect(ok(await carol.post<RegularItemInfo>('/api/item/info', { item_id: payments.item_id })).item_name).toBe('Payments API');

    // 内部运维手册: private (visit password), in team Platform where dave and carol have the edit right.
    const ops = await itemNamed(alice, '内部运维手册');
    const dave = await login('dave', 'dave-pass-1');
    expect((await myItems(dave)).map((item) => item.item_name)).toContain('内部运维手册');
    ok(await dave.post('/api/page/save', { item_id: ops.item_id, page_title: 'Added by dave', page_content: 'team right' }));
  });

  it("a visitor needs the visit password; the archived item is read-only; templates are their owners'", async () => {
    const alice = await login('alice', 'alice-pass-1');
    const ops = await itemNamed(alice, '内部运维手册');
    const visitor = new ApiClient(target().baseUrl);
    // ShowDoc's answer to a visitor of a private item (the client then asks for the password), then to a wrong password.
    expect((await visitor.post('/api/item/info', { item_id: ops.item_id })).error_code).toBe(10303);
    expect((await visitor.post('/api/item/pwd', { item_id: ops.item_id, password: 'wrong-one' })).error_code).toBe(10307);
    ok(await visitor.post('/api/item/pwd', { item_id: ops.item_id, password: 'ops-visit-1' }));
    expect(ok(await visitor.post<RegularItemInfo>('/api/item/info', { item_id: ops.item_id })).menu.pages.map((p) => p.page_title)).toEqual(
      expect.arrayContaining(['运维 1', '运维 2', '运维 3', '运维 4']),
    );

    const dave = await login('dave', 'dave-pass-1');
    const legacy = await itemNamed(dave, 'Legacy SDK');
    expect(legacy.is_archived).toBe(1);
    expect((await dave.post('/api/page/save', { item_id: legacy.item_id, page_title: 'Install', page_content: 'changed' })).error_code).not.toBe(0);

    const bob = await login('bob', 'bob-pass-1');
    const notes = await itemNamed(bob, 'Release notes');
    expect(notes.item_type).toBe(2);

    const templates = ok(await alice.post<{ template_title: string; template_content: string }[]>('/api/template/getList'));
    expect(templates).toEqual([expect.objectContaining({ template_title: 'Error codes', template_content: '|code|meaning|\n|-|-|\n|0|ok|\n' })]);
  });

  it("a script keeps working with the item's old api_key and api_token", async () => {
    const script = new ApiClient(target().baseUrl);
    ok(await script.post('/api/item/updateByApi', { api_key: API_KEY, api_token: API_TOKEN, cat_name: 'Guide', page_title: 'From the script', page_content: 'pushed by CI' }));
    const alice = await login('alice', 'alice-pass-1');
    const payments = await itemNamed(alice, 'Payments API');
    const guide = ok(await alice.post<RegularItemInfo>('/api/item/info', { item_id: payments.item_id })).menu.catalogs.find((c) => c.cat_name === 'Guide');
    expect(guide?.pages.map((p) => p.page_title)).toContain('From the script');
    expect((await script.post('/api/item/updateByApi', { api_key: API_KEY, api_token: 'not-the-token', page_title: 'x', page_content: 'y' })).error_code).not.toBe(0);
  });

  it('a second import of the same site adds nothing', async () => {
    const alice = await login('alice', 'alice-pass-1');
    const before = (await myItems(alice)).length;
    const users = await userCount();
    const { importId, status } = await runImport({ file: [showdocSiteZip(), 'showdoc-site.zip'] });
    expect(status.state).toBe('done');
    const report = await reportOf(importId);
    expect(report.counts).toMatchObject({
      user: { imported: 0, existing: 5 },
      item: { imported: 0, existing: 4 },
      page: { imported: 0 },
      team: { imported: 0, existing: 1 },
      template: { imported: 0, existing: 1 },
    });
    expect((await myItems(alice)).length).toBe(before);
    expect(await userCount()).toBe(users);
  });

  it('refuses a file that is not a ShowDoc database with a clear message and writes nothing', async () => {
    const users = await userCount();
    const database = fs.readFileSync(SHOWDOC_DB);
    const cases: [Buffer, string, RegExp][] = [
      [Buffer.from('this is not a database\n'.repeat(50)), 'notes.txt', /not a SQLite database/],
      [database.subarray(0, Math.floor(database.length / 3)), 'showdoc.db.php', /damaged or truncated/],
      [showdocSiteZip(Buffer.from('SQLite format 3\u0000but then nothing')), 'site.zip', /damaged or truncated|not a SQLite database/],
    ];
    const other = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'quire-not-showdoc-')), 'other.db');
    const db = new DatabaseSync(other);
    db.exec("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('hello')");
    db.close();
    cases.push([fs.readFileSync(other), 'other.db', /not a ShowDoc database: it has no table user/]);
    fs.rmSync(path.dirname(other), { recursive: true, force: true });
    for (const [file, name, message] of cases) {
      const { status } = await runImport({ file: [file, name] });
      expect(status.state).toBe('failed');
      expect(status.error).toMatch(message);
    }
    // Refused before any job starts: uploads that are not a zip, or no database at all.
    const notZip = await upload({ db: [database, 'showdoc.db.php'], uploads: [Buffer.from('a list of files\n'.repeat(50)), 'Uploads.txt'] });
    expect(notZip).toMatchObject({ error_code: 10101, error_message: expect.stringContaining('The uploads file is not a zip archive') });
    const noDatabase = await upload({ uploads: [showdocUploadsZip(), 'Uploads.zip'] });
    expect(noDatabase).toMatchObject({ error_code: 10101, error_message: 'Upload the ShowDoc database file (field db), or a zip of the site holding it (field file)' });
    expect(await userCount()).toBe(users);
    expect((await new ApiClient(target().baseUrl).post('/api/adminImport/status', { import_id: 'f'.repeat(32) })).error_code).not.toBe(0);
    const alice = await login('alice', 'alice-pass-1');
    expect((await alice.post('/api/adminImport/status', { import_id: 'f'.repeat(32) })).error_code).toBe(10103);
  });

  it('one failing item is left out whole and the rest goes on; what Quire already has (domain, api key, share key) is reported, not taken', async () => {
    // Another ShowDoc site (its administrator registered a second later) with Payments API and Legacy SDK, whose
    // one page is larger than any message between the services: that item cannot be imported.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-showdoc-copy-'));
    const copy = path.join(dir, 'showdoc.db');
    fs.copyFileSync(SHOWDOC_DB, copy);
    const db = new DatabaseSync(copy);
    db.exec('UPDATE user SET reg_time = reg_time + 1 WHERE uid = 1; DELETE FROM item WHERE item_id IN (687257655, 687618716); DELETE FROM template; DELETE FROM team');
    db.prepare('UPDATE page SET page_content = ? WHERE item_id = 688260085').run('x'.repeat(9 * 1024 * 1024));
    // Links to the old site's files, as ShowDoc stored them (HTML-escaped): by sign, by path, and an image pasted
    // by an older ShowDoc that has no file row.
    const links = [
      '![diagram](https://docs.example.com/server/index.php?s=/api/attachment/visitFile&amp;sign=555de090ebae1877580d350c3a801cc9)',
      `![same](http://docs.example.com/Public/Uploads/${IMAGE})`,
      '![old](../Public/Uploads/2020-01-02/old-paste.png)',
    ];
    db.prepare('UPDATE page SET page_content = ? WHERE page_id = 231134539').run(`# Links\n\n${links.join('\n')}\n`);
    db.close();
    const database = fs.readFileSync(copy);
    fs.rmSync(dir, { recursive: true, force: true });

    const dave = await login('dave', 'dave-pass-1');
    const legacyBefore = (await myItems(dave)).filter((item) => item.item_name === 'Legacy SDK').length;
    const oldPaste = Buffer.concat([fs.readFileSync(path.join(SHOWDOC_FIXTURE, 'Uploads', IMAGE)), Buffer.from('old paste')]);
    const { importId, status } = await runImport({ file: [showdocSiteZip(database, { '2020-01-02/old-paste.png': oldPaste }), 'other-site.zip'] });
    expect(status.state).toBe('done');
    const report = await reportOf(importId);
    expect(report.counts.item).toMatchObject({ imported: 1, failed: 1 });
    expect(report.entries).toContainEqual(expect.objectContaining({ kind: 'item', name: 'Legacy SDK', outcome: 'failed', reason: expect.stringContaining('nothing of it was kept') }));
    expect((await myItems(dave)).filter((item) => item.item_name === 'Legacy SDK').length).toBe(legacyBefore);

    const copied = report.entries.find((entry) => entry.kind === 'item' && entry.name === 'Payments API' && entry.outcome === 'imported');
    expect(copied?.quire_id).toEqual(expect.any(Number));
    expect(report.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'item', outcome: 'warning', reason: expect.stringContaining('"payments" is taken') }),
        expect.objectContaining({ kind: 'token', outcome: 'skipped', reason: expect.stringContaining('api_key is already used') }),
        expect.objectContaining({ kind: 'share', name: SHARE_KEY, outcome: 'skipped' }),
        expect.objectContaining({ kind: 'attachment', outcome: 'warning', name: '555de090ebae1877580d350c3a801cc9' }),
      ]),
    );
    const alice = await login('alice', 'alice-pass-1');
    const info = ok(await alice.post<RegularItemInfo>('/api/item/info', { item_id: copied?.quire_id as number }));
    expect(info.item_domain).toBe('');
    expect(info.menu.catalogs.map((c) => c.cat_name)).toEqual(['Guide', 'Orders', '中文文档']);
    // Links to the old site's files point at the imported files: the image by its new sign (its own was taken by the
    // first import), the older paste imported from the uploads and attached to the page.
    const page = ok(await alice.post<PageInfo>('/api/page/info', { page_id: info.menu.pages.find((p) => p.page_title === 'Get order 7')?.page_id as number }));
    const signs = [...unescapeHtml(page.page_content).matchAll(/\(\/server\/index\.php\?s=\/api\/attachment\/visitFile&sign=([a-f0-9]{32})\)/g)].map((m) => m[1]);
    expect(signs).toHaveLength(3);
    expect(signs[0]).toBe(signs[1]);
    expect(signs[0]).not.toBe('555de090ebae1877580d350c3a801cc9');
    expect((await alice.request(`/server/index.php?s=/api/attachment/visitFile&sign=${signs[0]}`)).body.equals(fs.readFileSync(path.join(SHOWDOC_FIXTURE, 'Uploads', IMAGE)))).toBe(true);
    expect((await alice.request(`/server/index.php?s=/api/attachment/visitFile&sign=${signs[2]}`)).body.equals(oldPaste)).toBe(true);
    const attached = ok(await alice.post<{ display_name: string }[]>('/api/page/uploadList', { page_id: page.page_id })).map((f) => f.display_name);
    expect(attached).toEqual(['old-paste.png']);
    // The old key still opens the page of the first import.
    expect(ok(await new ApiClient(target().baseUrl).post<PageInfo>('/api/page/infoByKey', { unique_key: SHARE_KEY })).page_title).toBe('Get order 1');
  });
}
