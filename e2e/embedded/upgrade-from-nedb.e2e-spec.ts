import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ItemListEntry, PageHistoryRow, PageInfo } from '@quire/proto';
import { ApiClient, type ApiEnvelope, freePort, quireProcess, type QuireProcess } from '@quire/testing';

/** What the fixture's maker wrote down (e2e/fixtures/nedb-release/README.md). */
interface Facts {
  api: number;
  vault: number;
  p1: number;
  p2: number;
  attachment: string;
  apiKey: string;
  apiToken: string;
}

const FIXTURE = path.resolve(__dirname, '../fixtures/nedb-release');
const PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';

/**
 * A DATA_DIR written by the previous release (NeDB files, the key-value file, the blob pack: made
 * through its HTTP API, see the fixture's README) given to `npm start`'s process: it converts the
 * data into SQLite on the first start, logging its progress, keeps the old files aside, and serves
 * the same users, items, pages, history, files, members, teams, visit passwords and api tokens.
 */
describe('a DATA_DIR of the NeDB release, started by this release', () => {
  let root: string;
  let dataDir: string;
  let quire: QuireProcess;
  let baseUrl: string;
  const facts = JSON.parse(fs.readFileSync(path.join(FIXTURE, 'facts.json'), 'utf8')) as Facts;

  const ok = <T>(envelope: ApiEnvelope<T>): T => {
    expect(envelope).toMatchObject({ error_code: 0 });
    return envelope.data as T;
  };
  const login = async (username: string, password: string): Promise<ApiClient> => {
    const client = new ApiClient(baseUrl);
    ok(await client.post('/api/user/login', { username, password }));
    return client;
  };

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-upgrade-'));
    dataDir = path.join(root, 'data');
    fs.cpSync(path.join(FIXTURE, 'data'), dataDir, { recursive: true });
    fs.copyFileSync(path.join(FIXTURE, 'data.key'), `${dataDir}.key`);
    fs.chmodSync(`${dataDir}.key`, 0o600);
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    quire = quireProcess('embedded', { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '1000000' });
    await quire.start();
  }, 60_000);

  afterAll(async () => {
    await quire?.stop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('converts on the first start, says so in the log, and keeps the old files aside', () => {
    expect(quire.output()).toMatch(/Converting the data of the previous release to SQLite/);
    expect(fs.existsSync(path.join(dataDir, 'quire.db'))).toBe(true);
    for (const old of ['db', 'kv', path.join('files', 'pack')]) expect(fs.existsSync(path.join(dataDir, old))).toBe(false);
    const [aside] = fs.readdirSync(path.join(dataDir, 'legacy-nedb'));
    expect(fs.readdirSync(path.join(dataDir, 'legacy-nedb', aside, 'db'))).toContain('pages.db');
  });

  it('lets every user sign in with the password they had, and shows them their items', async () => {
    const alice = await login('alice', 'alice-pass-1');
    await login('bob', 'bob-pass-1');
    await login('showdoc', 'admin-pass-1');
    expect((await new ApiClient(baseUrl).post('/api/user/login', { username: 'alice', password: 'wrong-pass-1' })).error_code).not.toBe(0);
    const items = ok(await alice.post<ItemListEntry[]>('/api/item/myList'));
    expect(items.map((item) => item.item_name).sort()).toEqual(['Payments API', 'Vault']);
  });

  it('serves the pages, their history bodies and the attachment as they were', async () => {
    const alice = await login('alice', 'alice-pass-1');
    const page = ok(await alice.post<PageInfo>('/api/page/info', { page_id: facts.p1 }));
    expect(page.page_content).toContain('POST /orders v3 — 订单创建接口');
    const history = ok(await alice.post<PageHistoryRow[]>('/api/page/history', { page_id: facts.p1 }));
    expect(history.map((row) => row.page_content)).toEqual(['# Create\n\nPOST /orders v2 — 订单创建接口', '# Create\n\nPOST /orders v1']);
    const file = await alice.request(facts.attachment);
    expect(file.status).toBe(200);
    expect(file.body.toString('latin1')).toBe(PDF);
    const deleted = await alice.post('/api/page/info', { page_id: facts.p1 + 1000 });
    expect(deleted.error_code).not.toBe(0);
  });

  it('keeps members, teams, the visit password and the open-API token working', async () => {
    const bob = await login('bob', 'bob-pass-1');
    ok(await bob.post<PageInfo>('/api/page/info', { page_id: facts.p2 }));
    const alice = await login('alice', 'alice-pass-1');
    const teams = ok(await alice.post<{ team_name: string }[]>('/api/team/getList'));
    expect(teams.map((team) => team.team_name)).toEqual(['Platform']);

    const visitor = new ApiClient(baseUrl);
    expect((await visitor.post('/api/item/pwd', { item_id: facts.vault, password: 'not-it' })).error_code).not.toBe(0);
    ok(await visitor.post('/api/item/pwd', { item_id: facts.vault, password: 'open-sesame' }));

    const script = new ApiClient(baseUrl);
    ok(
      await script.post('/api/item/updateByApi', {
        api_key: facts.apiKey,
        api_token: facts.apiToken,
        cat_name: 'Scripts',
        page_title: 'From a script',
        page_content: 'rewritten after the upgrade',
      }),
    );
  });

  it('goes on numbering where the old release stopped, and does not convert again on the next start', async () => {
    const alice = await login('alice', 'alice-pass-1');
    const saved = ok(await alice.post<{ page_id: number }>('/api/page/save', { item_id: facts.api, page_title: 'After the upgrade', page_content: 'new' }));
    expect(saved.page_id).toBe(46); // 45 was the last id the old release gave (a page it deleted)

    await quire.stop();
    await quire.start();
    expect(quire.output()).not.toMatch(/Converting the data of the previous release/);
    const again = await login('alice', 'alice-pass-1');
    expect(ok(await again.post<PageInfo>('/api/page/info', { page_id: saved.page_id })).page_content).toBe('new');
    expect(fs.readdirSync(path.join(dataDir, 'legacy-nedb'))).toHaveLength(1);
  });
});
