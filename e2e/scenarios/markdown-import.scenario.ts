import { randomBytes } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import type { CatalogRow, ImportedMarkdown, ItemListEntry, MenuCatalog, PageInfo, PageRow, RegularItemInfo, SearchResults } from '@quire/proto';
import { ApiClient, type ApiEnvelope } from '@quire/testing';
import type { SystemTarget } from '../src/system-target';
import { solveCaptcha } from './auth-flow.scenario';

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const SIGN = /sign=([a-f0-9]{32})/g;

function ok<T>(envelope: ApiEnvelope<T>): T {
  expect(envelope).toMatchObject({ error_code: 0 });
  return envelope.data as T;
}

/** The menu as a reader sees it: root page titles, then `[catalog, page titles, sub-catalogs]`. */
type Outline = [string, string[], Outline[]];
const outline = (catalogs: MenuCatalog[] = []): Outline[] => catalogs.map((c) => [c.cat_name, c.pages.map((p) => p.page_title), outline(c.catalogs)]);

/**
 * `import/auto` with a zip of Markdown files (issue 16): Quire's own Markdown export imported gives
 * back the same item (catalogs, titles, order, content, image bytes); a zipped docs folder becomes
 * an item with its links resolved; bad zips are refused with a message and leave nothing behind.
 */
export function describeMarkdownImport(target: () => SystemTarget): void {
  let owner: ApiClient;
  /** 51 files of 4 MB of zeros: 200 KB zipped, 204 MB unpacked. Made before any request (it takes seconds, past a kept-alive connection's idle time). */
  let bomb: Uint8Array;

  const register = async (prefix: string): Promise<ApiClient> => {
    const client = new ApiClient(target().baseUrl);
    const username = `${prefix}${Date.now() % 1_000_000}`;
    const vCode = await solveCaptcha(target(), client);
    ok(await client.post('/api/user/register', { username, password: 'pass-1234', confirm_password: 'pass-1234', v_code: vCode }));
    return client;
  };
  const save = async (params: Record<string, string | number>): Promise<PageRow> => ok(await owner.post<PageRow>('/api/page/save', params));
  const catalog = async (itemId: number, name: string, parent = 0): Promise<CatalogRow> =>
    ok(await owner.post<CatalogRow>('/api/catalog/save', { item_id: itemId, cat_name: name, parent_cat_id: parent }));
  const importZip = async (client: ApiClient, zip: Uint8Array | Buffer, name: string, params: Record<string, number> = {}): Promise<ApiEnvelope<ImportedMarkdown>> => {
    const form = new FormData();
    for (const [key, value] of Object.entries(params)) form.append(key, String(value));
    form.append('file', new Blob([new Uint8Array(zip)]), name);
    return (await client.request('/api/import/auto', { method: 'POST', body: form })).json<ApiEnvelope<ImportedMarkdown>>();
  };
  const info = async (itemId: number): Promise<RegularItemInfo> => ok(await owner.post<RegularItemInfo>('/api/item/info', { item_id: itemId }));
  /** Every page of the item in menu order (root pages, then each catalog's pages before its sub-catalogs'). */
  const pagesOf = async (itemId: number): Promise<PageInfo[]> => {
    const menu = (await info(itemId)).menu;
    const ids: number[] = [];
    const walk = (catalogs: MenuCatalog[]) => {
      for (const c of catalogs) {
        ids.push(...c.pages.map((p) => Number(p.page_id)));
        walk(c.catalogs ?? []);
      }
    };
    ids.push(...menu.pages.map((p) => Number(p.page_id)));
    walk(menu.catalogs);
    return Promise.all(ids.map(async (pageId) => ok(await owner.post<PageInfo>('/api/page/info', { page_id: pageId }))));
  };
  const fileBytes = async (sign: string): Promise<Buffer> => {
    const response = await owner.request(`/server/index.php?s=/api/attachment/visitFile&sign=${sign}`);
    expect(response.status).toBe(200);
    return response.body;
  };
  const itemCount = async (): Promise<number> => ok(await owner.post<ItemListEntry[]>('/api/item/myList')).length;

  beforeAll(async () => {
    const fourMegabytes = new Uint8Array(4 * 1024 * 1024);
    bomb = zipSync(Object.fromEntries(Array.from({ length: 51 }, (_, n) => [`${n}.md`, fourMegabytes])));
    owner = await register('importer');
  });

  it("gives back the same item from Quire's own Markdown export: catalogs, titles, order, content and image bytes", async () => {
    const itemId = ok(await owner.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: '接口手册 Handbook', item_description: '新人必读' })).item_id;
    const welcome = await save({ item_id: itemId, page_title: 'Welcome', page_content: '# Welcome\n\nStart here.' });
    await save({ item_id: itemId, page_title: 'Zeta: "quoted" / slash', page_content: 'a < b & c', s_number: 5 });
    const guide = await catalog(itemId, '指南');
    await catalog(itemId, '空目录');
    const deep = await catalog(itemId, '深入/Deep', guide.cat_id);
    const third = await catalog(itemId, '第三层', deep.cat_id);
    const form = new FormData();
    form.append('page_id', String(welcome.page_id));
    form.append('editormd-image-file', new Blob([PNG]), 'shot.png');
    const imageUrl = (await owner.request('/api/page/uploadImg', { method: 'POST', body: form })).json<{ url: string }>().url;
    await save({ item_id: itemId, cat_id: guide.cat_id, page_title: '安装', page_content: `## 安装\n\n![截图](${imageUrl})\n\n\`\`\`sh\nnpm start\n\`\`\`` });
    await save({ item_id: itemId, cat_id: deep.cat_id, page_title: '中文页面', page_content: '中文内容' });
    await save({ item_id: itemId, cat_id: third.cat_id, page_title: 'Level 4 page', page_content: '- [ ] todo' });

    const exported = await owner.request(`/api/export/markdown?item_id=${itemId}`);
    expect(exported.status).toBe(200);
    const imported = ok(await importZip(owner, exported.body, 'export.zip'));

    expect(imported).toMatchObject({ pages: 5, catalogs: 4, attachments: 1, ignored: [] });
    const [before, after] = [await info(itemId), await info(imported.item_id)];
    expect(after.item_name).toBe('接口手册 Handbook');
    expect(after.menu.pages.map((p) => p.page_title)).toEqual(before.menu.pages.map((p) => p.page_title));
    expect(outline(after.menu.catalogs)).toEqual(outline(before.menu.catalogs));
    expect(outline(after.menu.catalogs)).toEqual([
      ['指南', ['安装'], [['深入/Deep', ['中文页面'], [['第三层', ['Level 4 page'], []]]]]],
      ['空目录', [], []],
    ]);
    const [original, copy] = [await pagesOf(itemId), await pagesOf(imported.item_id)];
    const oldSign = [...imageUrl.matchAll(SIGN)][0][1];
    const newSign = [...(copy.find((page) => page.page_title === '安装')?.page_content ?? '').matchAll(SIGN)][0]?.[1];
    expect(newSign).toMatch(/^[a-f0-9]{32}$/);
    expect(newSign).not.toBe(oldSign);
    expect(copy.map((page) => [page.page_title, page.page_content.split(newSign).join(oldSign)])).toEqual(original.map((page) => [page.page_title, page.page_content]));
    expect(await fileBytes(newSign)).toEqual(await fileBytes(oldSign));
  });

  it('makes a zipped docs folder an item: folders as catalogs (deeper ones flattened), links to pages and images resolved', async () => {
    const zip = zipSync({
      'docs/README.md': strToU8('See [setup](guide/setup.md#run) and ![logo](img/logo.png).'),
      'docs/guide/setup.md': strToU8('# Setup\n\nsystemctl start quire\n\n[back](../README.md)'),
      'docs/a/b/c/d/deep.md': strToU8('deep'),
      'docs/img/logo.png': PNG,
      'docs/notes.txt': strToU8('not markdown'),
    });

    const imported = ok(await importZip(owner, zip, '项目文档.zip'));

    expect(imported).toMatchObject({ pages: 3, catalogs: 4, attachments: 1, ignored: ['docs/notes.txt'] });
    const item = await info(imported.item_id);
    expect(item.item_name).toBe('项目文档');
    expect(item.menu.pages.map((p) => p.page_title)).toEqual(['README']);
    expect(outline(item.menu.catalogs)).toEqual([
      ['a', [], [['b', [], [['c', ['d/deep'], []]]]]],
      ['guide', ['setup'], []],
    ]);
    const [readme, , setup] = await pagesOf(imported.item_id);
    const sign = [...readme.page_content.matchAll(SIGN)][0][1];
    expect(readme.page_content).toBe(`See [setup](/${imported.item_id}?page_id=${setup.page_id}#run) and ![logo](/server/index.php?s=/api/attachment/visitFile&amp;sign=${sign}).`);
    expect(setup.page_content).toBe(`# Setup\n\nsystemctl start quire\n\n[back](/${imported.item_id}?page_id=${readme.page_id})`);
    expect(await fileBytes(sign)).toEqual(PNG);
    const found = ok(await owner.post<SearchResults>('/api/search/query', { keyword: 'systemctl' }));
    expect(found.results.map((hit) => [hit.item_id, hit.page_title])).toEqual([[imported.item_id, 'setup']]);
  });

  it('adds the pages to an item the caller may edit, and refuses an item they may not', async () => {
    const itemId = ok(await owner.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Existing' })).item_id;
    await save({ item_id: itemId, page_title: 'Already here', page_content: 'x' });
    const zip = zipSync({ 'Added.md': strToU8('new'), 'More/Inside.md': strToU8('inside') });

    const imported = ok(await importZip(owner, zip, 'more.zip', { item_id: itemId }));

    expect(imported.item_id).toBe(itemId);
    const item = await info(itemId);
    expect(item.menu.pages.map((p) => p.page_title).sort()).toEqual(['Added', 'Already here']);
    expect(outline(item.menu.catalogs)).toEqual([['More', ['Inside'], []]]);
    const stranger = await register('outsider');
    expect(await importZip(stranger, zip, 'more.zip', { item_id: itemId })).toEqual({ error_code: 10103, error_message: 'No permissions' });
  });

  it('takes a zip larger than an attachment may be, and refuses one past 50 MB before reading it', async () => {
    const noise = (bytes: number) => new Uint8Array(randomBytes(bytes));
    const zip = zipSync({ 'Big.md': strToU8('![a](a.bin) ![b](b.bin)'), 'a.bin': noise(3 * 1024 * 1024), 'b.bin': noise(3 * 1024 * 1024) }, { level: 0 });
    expect(zip.length).toBeGreaterThan(6 * 1024 * 1024);

    expect(ok(await importZip(owner, zip, 'big.zip'))).toMatchObject({ pages: 1, attachments: 2 });
    const items = await itemCount();
    expect(await importZip(owner, Buffer.alloc(50 * 1024 * 1024 + 1), 'huge.zip')).toEqual({ error_code: 10101, error_message: 'The request is too large (at most 50 MB)' });
    expect(await itemCount()).toBe(items);
  });

  it('refuses bad zips with a clear message and writes nothing', async () => {
    const items = await itemCount();
    const raw = (name: string, bytes: number[]) => {
      const zip = Buffer.from(zipSync({ [name]: strToU8('# x') }));
      const needle = Buffer.from(name);
      for (let at = zip.indexOf(needle); at >= 0; at = zip.indexOf(needle, at + 1)) Buffer.from(bytes).copy(zip, at);
      return zip;
    };
    const cases: [Uint8Array | Buffer, string, string][] = [
      [Buffer.from('plain text'), 'notes.zip', 'The file is not a zip archive (or it is cut short)'],
      [zipSync({ 'a.md': strToU8('x') }).subarray(0, 40), 'cut.zip', 'The file is not a zip archive (or it is cut short)'],
      [zipSync({ 'a.md': strToU8('x') }), 'a.md', 'Only a .zip of Markdown files can be imported here'],
      [zipSync({ '../evil.md': strToU8('x') }), 'evil.zip', 'The zip holds a file whose path leaves the archive or is not allowed: ../evil.md'],
      [raw('ab.md', [0xc4, 0xe3]), 'gbk.zip', 'The zip holds a file name that is not UTF-8 (??.md): create the zip again with UTF-8 file names'],
      [bomb, 'bomb.zip', 'The zip unpacks to more than 200 MB'],
      [zipSync({ 'a.png': PNG }), 'images.zip', 'The zip holds no Markdown (.md) file'],
      [zipSync({ 'long.md': new Uint8Array(1_000_001).fill(0x61) }), 'long.zip', 'long.md is longer than a page may be (1000000 characters)'],
      [zipSync({ 'gbk.md': new Uint8Array([0xc4, 0xe3, 0xba, 0xc3]) }), 'text.zip', 'gbk.md is not UTF-8 text: save it as UTF-8 and zip it again'],
    ];
    for (const [zip, name, message] of cases) {
      expect({ name, reply: await importZip(owner, zip, name) }).toEqual({ name, reply: { error_code: 10101, error_message: message } });
    }
    expect(await itemCount()).toBe(items);
  });
}
