import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadConfig } from '@quire/config';
import { startEmbeddedApp } from '@quire/embedded';
import type { ItemListEntry, PageInfo } from '@quire/proto';
import { ApiClient, freePort } from '@quire/testing';
import { SHOWDOC_IMAGE as IMAGE, SHOWDOC_FIXTURE, npmRunImport, ok } from '../scenarios/showdoc-import.scenario';
import { SYSTEM_ADMIN_PASSWORD } from '../src/embedded-system';

/**
 * `npm run import:showdoc` on an embedded DATA_DIR (Quire stopped): progress and the report on the terminal, the
 * report as JSON and text; the Quire started on that DATA_DIR afterwards serves what was imported. A second run adds
 * nothing, a dry run writes nothing, and a bad file is refused before anything boots.
 */
describe('npm run import:showdoc, embedded', () => {
  let root: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-import-command-'));
    env = { DATA_DIR: path.join(root, 'data'), PORT: String(await freePort()), HOST: '127.0.0.1', QUIRE_ADMIN_PASSWORD: SYSTEM_ADMIN_PASSWORD };
  });

  afterAll(() => {
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(`${path.join(root, 'data')}.key`, { force: true });
  });

  it('imports the site into DATA_DIR, which the Quire started on it then serves; a second run adds nothing', async () => {
    const truncated = path.join(root, 'truncated.db');
    fs.writeFileSync(truncated, fs.readFileSync(path.join(SHOWDOC_FIXTURE, 'showdoc.db')).subarray(0, 20_000));
    const refused = await npmRunImport(env, ['--db', truncated]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Import refused: The database file is damaged or truncated');
    expect(fs.existsSync(env.DATA_DIR)).toBe(false);

    const dry = await npmRunImport(env, ['--db', path.join(SHOWDOC_FIXTURE, 'showdoc.db'), '--uploads', path.join(SHOWDOC_FIXTURE, 'Uploads'), '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('Dry run: nothing will be written.');
    expect(dry.stdout).toContain('items: 4 to import');

    const report = path.join(root, 'report.json');
    const run = await npmRunImport(env, ['--db', path.join(SHOWDOC_FIXTURE, 'showdoc.db'), '--uploads', path.join(SHOWDOC_FIXTURE, 'Uploads'), '--report', report]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/progress: 7\/7 \(100%\)/);
    expect(run.stdout).toContain('items: 4 imported');
    expect(run.stdout).toContain('pages: 27 imported');
    expect(JSON.parse(fs.readFileSync(report, 'utf8'))).toMatchObject({ dry_run: false, counts: { item: { imported: 4 }, history: { imported: 22 } } });
    expect(fs.readFileSync(`${report}.txt`, 'utf8')).toContain('item 687069438 "Payments API"');

    const again = await npmRunImport(env, ['--db', path.join(SHOWDOC_FIXTURE, 'showdoc.db'), '--uploads', path.join(SHOWDOC_FIXTURE, 'Uploads')]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('items: 0 imported, 4 already there');
    expect(again.stdout).toContain('pages: 0 imported');

    // The Quire started on that DATA_DIR serves the imported site to its users.
    const app = await startEmbeddedApp(loadConfig(env), { logger: false });
    try {
      const alice = new ApiClient(`http://127.0.0.1:${env.PORT}`);
      ok(await alice.post('/api/user/login', { username: 'alice', password: 'alice-pass-1' }));
      const items = ok(await alice.post<ItemListEntry[]>('/api/item/myList'));
      expect(items.map((item) => item.item_name).sort()).toEqual(['Payments API', '内部运维手册']);
      const shared = ok(await alice.post<PageInfo>('/api/page/infoByKey', { unique_key: '8c4dfb453f6b2f7f33eb41e395f5518f' }));
      const file = await alice.request(`/server/index.php?s=/api/attachment/visitFile&sign=555de090ebae1877580d350c3a801cc9`);
      expect(shared.page_title).toBe('Get order 1');
      expect(file.body.equals(fs.readFileSync(IMAGE))).toBe(true);
    } finally {
      await app.close();
    }
  }, 120_000);
});
