import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ItemListEntry, Menu, MenuCatalog } from '@quire/proto';
import { ApiClient, type ApiEnvelope, freePort, quireProcess, type QuireProcess } from '@quire/testing';
import { SYSTEM_ADMIN_PASSWORD } from '../src/embedded-system';

const PAGES = 2000;
const CATALOGS = 10;
const KILLS = 5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Live pages of an item as its reader sees them: the menu of item/info, catalogs walked down. */
function pagesIn(menu: Pick<Menu, 'pages' | 'catalogs'>): number {
  const inCatalog = (catalog: MenuCatalog): number => catalog.pages.length + (catalog.catalogs ?? []).reduce((sum, sub) => sum + inCatalog(sub), 0);
  return menu.pages.length + menu.catalogs.reduce((sum, catalog) => sum + inCatalog(catalog), 0);
}

/**
 * `npm start`'s process killed with SIGKILL at random points of an item copy, then started again
 * on the same DATA_DIR: the copier's item list shows either no copy or a whole one, never a
 * half-made item (the copy stays pending, hidden, until one write makes it live).
 */
describe('an item copy cut short by kill -9', () => {
  let root: string;
  let quire: QuireProcess;
  let client: ApiClient;

  const ok = <T>(envelope: ApiEnvelope<T>): T => {
    expect(envelope).toMatchObject({ error_code: 0 });
    return envelope.data as T;
  };
  const myItems = async (): Promise<ItemListEntry[]> => ok(await client.post<ItemListEntry[]>('/api/item/myList'));
  const pageCount = async (itemId: number): Promise<number> => pagesIn(ok(await client.post<{ menu: Menu }>('/api/item/info', { item_id: itemId })).menu);

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-copy-kill-'));
    const port = await freePort();
    quire = quireProcess('embedded', {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(root, 'data'),
      QUIRE_ADMIN_PASSWORD: SYSTEM_ADMIN_PASSWORD,
      RATE_LIMIT_PER_MINUTE: '1000000',
    });
    await quire.start();
    client = new ApiClient(`http://127.0.0.1:${port}`);
    ok(await client.post('/api/user/login', { username: 'showdoc', password: SYSTEM_ADMIN_PASSWORD }));
  }, 60_000);

  afterAll(async () => {
    await quire?.stop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('leaves either no new item or one with all 2,000 pages, whenever the process dies', async () => {
    const source = ok(await client.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Handbook' })).item_id;
    const catalogs: number[] = [0];
    for (let c = 1; c <= CATALOGS; c++) catalogs.push(ok(await client.post<{ cat_id: number }>('/api/catalog/save', { item_id: source, cat_name: `Part ${c}` })).cat_id);
    const body = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(30);
    for (let start = 0; start < PAGES; start += 50) {
      await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          client
            .post('/api/page/save', { item_id: source, cat_id: catalogs[(start + i) % catalogs.length], page_title: `Page ${start + i}`, page_content: `# ${start + i}\n\n${body}` })
            .then(ok),
        ),
      );
    }
    expect(await pageCount(source)).toBe(PAGES);

    // One copy left to finish gives the time a copy takes here.
    const startedAt = Date.now();
    const whole = ok(await client.post<{ item_id: number }>('/api/item/add', { item_name: 'Copy (whole)', copy_item_id: source })).item_id;
    const copyMs = Date.now() - startedAt;
    expect(await pageCount(whole)).toBe(PAGES);

    const known = new Set((await myItems()).map((item) => item.item_id));
    for (let run = 0; run < KILLS; run++) {
      // Spread over the copy's duration (and a little past it), each at a random point of its slice.
      const delayMs = Math.round(((run + Math.random()) / KILLS) * copyMs * 1.2);
      const copying = client.post('/api/item/add', { item_name: `Copy ${run}`, copy_item_id: source }).catch((error: Error) => error);
      await sleep(delayMs);
      expect(await quire.stop('SIGKILL')).toBeNull();
      await copying;
      await quire.start();

      const added = (await myItems()).filter((item) => !known.has(item.item_id));
      expect(added.length).toBeLessThanOrEqual(1);
      for (const item of added) {
        expect(item.item_name).toBe(`Copy ${run}`);
        expect(await pageCount(item.item_id)).toBe(PAGES);
        known.add(item.item_id);
      }
    }
    expect(await pageCount(source)).toBe(PAGES);
  }, 240_000);
});
