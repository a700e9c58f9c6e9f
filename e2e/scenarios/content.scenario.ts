import type {
  AttachmentListEntry,
  CatalogRow,
  ItemTokenRow,
  MenuCatalog,
  PageDiff,
  PageHistoryRow,
  PageInfo,
  PageRow,
  RecycleEntry,
  RegularItemInfo,
  SharedPageInfo,
  SinglePageItemInfo,
  SinglePageKey,
  TemplateListEntry,
  TemplateRow,
} from '@quire/proto';
import { ApiClient, type ApiEnvelope } from '@quire/testing';
import type { SystemTarget } from '../src/system-target';
import { solveCaptcha } from './auth-flow.scenario';

/** A 1×1 PNG: the gateway checks image types by their bytes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

interface EditorMdReply {
  success: 0 | 1;
  url?: string;
  message?: string;
}

/** The data of a successful envelope; anything else fails the test with the envelope in the message. */
function ok<T>(envelope: ApiEnvelope<T>): T {
  expect(envelope).toMatchObject({ error_code: 0 });
  return envelope.data as T;
}

/** A catalog tree as `[name, pages, children]`, the way a reader sees the menu. */
type Outline = [string, string[], Outline[]];
const outline = (catalogs: MenuCatalog[] = []): Outline[] => catalogs.map((c) => [c.cat_name, c.pages.map((p) => p.page_title), outline(c.catalogs)]);

/**
 * Items, catalogs, pages, history, share links, attachments, templates, the open API,
 * private items, search, the recycle bin, archive and delete: what a team does with Quire,
 * through HTTP as the browser and scripts do it. Runs unchanged against every target.
 */
export function describeContentFlow(target: () => SystemTarget): void {
  let owner: ApiClient;
  let ownerName: string;
  let other: ApiClient;
  const password = 'owner-pass';

  const register = async (prefix: string, userPassword: string): Promise<{ client: ApiClient; username: string }> => {
    const client = new ApiClient(target().baseUrl);
    const username = `${prefix}${Date.now() % 1_000_000}`;
    const vCode = await solveCaptcha(target(), client);
    ok(await client.post('/api/user/register', { username, password: userPassword, confirm_password: userPassword, v_code: vCode }));
    return { client, username };
  };

  const addItem = async (client: ApiClient, params: Record<string, string | number> = {}): Promise<number> =>
    ok(await client.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Handbook', ...params })).item_id;

  const save = async (client: ApiClient, params: Record<string, string | number>): Promise<PageRow> =>
    ok(await client.post<PageRow>('/api/page/save', { page_title: 'Untitled', page_content: 'text', ...params }));

  const catalog = async (client: ApiClient, itemId: number, catName: string, parent = 0): Promise<CatalogRow> =>
    ok(await client.post<CatalogRow>('/api/catalog/save', { item_id: itemId, cat_name: catName, parent_cat_id: parent }));

  const upload = (client: ApiClient, route: string, field: string, bytes: Buffer, filename: string, params: Record<string, number>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(params)) form.append(name, String(value));
    form.append(field, new Blob([bytes]), filename);
    return client.request(route, { method: 'POST', body: form });
  };

  beforeAll(async () => {
    ({ client: owner, username: ownerName } = await register('writer', password));
    ({ client: other } = await register('stranger', 'stranger-pass'));
  });

  it('builds a regular item: catalogs three levels deep, pages in each, the nested menu', async () => {
    const itemId = await addItem(owner, { item_name: 'Platform docs' });
    const api = await catalog(owner, itemId, 'API');
    const users = await catalog(owner, itemId, 'Users', api.cat_id);
    const login = await catalog(owner, itemId, 'Login', users.cat_id);
    expect([api.level, users.level, login.level]).toEqual([2, 3, 4]);
    const tooDeep = await owner.post('/api/catalog/save', { item_id: itemId, cat_name: 'Deeper', parent_cat_id: login.cat_id });
    expect(tooDeep).toEqual({ error_code: 10101, error_message: 'Catalogs can be nested 3 levels deep at most' });

    await save(owner, { item_id: itemId, page_title: 'Welcome', page_content: '# Welcome' });
    await save(owner, { item_id: itemId, cat_id: api.cat_id, page_title: 'Overview', page_content: 'REST' });
    await save(owner, { item_id: itemId, cat_id: users.cat_id, page_title: 'List users', page_content: 'GET /users' });
    const deep = await save(owner, { item_id: itemId, cat_id: login.cat_id, page_title: 'POST /login', page_content: 'body' });

    const info = ok(await owner.post<RegularItemInfo>('/api/item/info', { item_id: itemId, default_page_id: deep.page_id }));
    expect(info).toMatchObject({ item_name: 'Platform docs', item_type: 1, is_login: true, ItemPermn: true, ItemCreator: true, is_archived: 0 });
    expect(info.menu.pages.map((p) => p.page_title)).toEqual(['Welcome']);
    expect(outline(info.menu.catalogs)).toEqual([['API', ['Overview'], [['Users', ['List users'], [['Login', ['POST /login'], []]]]]]]);
    expect([info.default_cat_id2, info.default_cat_id3, info.default_cat_id4]).toEqual([api.cat_id, users.cat_id, login.cat_id]);

    // A stranger may read a public item but not write to it.
    const read = ok(await other.post<RegularItemInfo>('/api/item/info', { item_id: itemId }));
    expect(read).toMatchObject({ ItemPermn: false, ItemCreator: false });
    expect((await other.post('/api/page/save', { item_id: itemId, page_title: 'Spam', page_content: 'x' })).error_code).toBe(10103);
  });

  it('keeps the previous versions of a page and diffs one against the page', async () => {
    const itemId = await addItem(owner);
    const page = await save(owner, { item_id: itemId, page_title: 'Setup', page_content: 'v1 <b>bold</b>' });
    await save(owner, { item_id: itemId, page_id: page.page_id, page_title: 'Setup', page_content: 'v2', page_comments: 'second' });
    // The editor sends encodeURIComponent(markdown) with is_urlencode=1.
    await save(owner, { item_id: itemId, page_id: page.page_id, page_title: 'Setup guide', page_content: encodeURIComponent('v3 & más'), is_urlencode: 1 });

    const current = ok(await owner.post<PageInfo>('/api/page/info', { page_id: page.page_id }));
    expect(current).toMatchObject({ page_title: 'Setup guide', page_content: 'v3 &amp; más', author_username: ownerName, attachment_count: 0 });
    const history = ok(await owner.post<PageHistoryRow[]>('/api/page/history', { page_id: page.page_id }));
    expect(history.map((row) => [row.page_title, row.page_content])).toEqual([
      ['Setup', 'v2'],
      ['Setup', 'v1 <b>bold</b>'],
    ]);
    const diff = ok(await owner.post<PageDiff>('/api/page/diff', { page_id: page.page_id, page_history_id: history[1].page_history_id }));
    expect(diff.page.page_content).toBe('v3 &amp; más');
    expect(diff.history_page).toMatchObject({ page_title: 'Setup', page_content: 'v1 &lt;b&gt;bold&lt;/b&gt;' });
  });

  it('shares a page of a private item by key, and stops the old link when the key is renewed', async () => {
    const itemId = await addItem(owner, { password: 'visit-me' });
    const page = await save(owner, { item_id: itemId, page_title: 'Release notes', page_content: 'all fixed' });
    const first = ok(await owner.post<SinglePageKey>('/api/page/createSinglePage', { page_id: page.page_id, isCreateSiglePage: 'true' }));
    expect(first.unique_key).toMatch(/^[0-9a-f]{32}$/);

    const anonymous = new ApiClient(target().baseUrl);
    expect((await anonymous.post('/api/page/info', { page_id: page.page_id })).error_code).toBe(10303);
    const shared = ok(await anonymous.post<SharedPageInfo>('/api/page/infoByKey', { unique_key: first.unique_key }));
    expect(shared).toMatchObject({ page_id: page.page_id, page_title: 'Release notes', page_content: 'all fixed' });
    expect(shared).not.toHaveProperty('item_id');

    const second = ok(await owner.post<SinglePageKey>('/api/page/createSinglePage', { page_id: page.page_id, isCreateSiglePage: 'true' }));
    expect((await anonymous.post('/api/page/infoByKey', { unique_key: first.unique_key })).error_code).toBe(10101);
    expect(ok(await anonymous.post<SharedPageInfo>('/api/page/infoByKey', { unique_key: second.unique_key })).page_id).toBe(page.page_id);
  });

  it('shows the images of a shared page of a private item through its key, and only those', async () => {
    const itemId = await addItem(owner, { password: 'visit-me' });
    const page = await save(owner, { item_id: itemId, page_title: 'Architecture' });
    const shownUrl = (await upload(owner, '/api/page/uploadImg', 'editormd-image-file', PNG, 'arch.png', { item_id: itemId, page_id: page.page_id })).json<EditorMdReply>().url as string;
    const hiddenUrl = (await upload(owner, '/api/page/uploadImg', 'editormd-image-file', PNG, 'secret.png', { item_id: itemId, page_id: page.page_id })).json<EditorMdReply>().url as string;
    await save(owner, { item_id: itemId, page_id: page.page_id, page_title: 'Architecture', page_content: `![arch](${shownUrl})` });
    const { unique_key } = ok(await owner.post<SinglePageKey>('/api/page/createSinglePage', { page_id: page.page_id, isCreateSiglePage: 'true' }));
    const anonymous = new ApiClient(target().baseUrl);

    const shown = await anonymous.request(`${shownUrl}&unique_key=${unique_key}`);
    expect(shown.headers.get('content-type')).toBe('image/png');
    expect(shown.body.equals(PNG)).toBe(true);
    expect((await anonymous.request(`${hiddenUrl}&unique_key=${unique_key}`)).json<{ error_code: number }>().error_code).toBe(10303);
    expect((await anonymous.request(shownUrl)).json<{ error_code: number }>().error_code).toBe(10303);
  });

  it('gives a single-page item its page, and renames the item when the page is saved', async () => {
    const itemId = await addItem(owner, { item_type: 2, item_name: 'One pager' });
    const before = ok(await owner.post<SinglePageItemInfo>('/api/item/info', { item_id: itemId }));
    expect(before).toMatchObject({ item_type: 2, item_name: 'One pager', menu: { pages: { page_title: 'One pager' } } });

    const page = before.menu.pages;
    if (!page) throw new Error('the single-page item came without its page');
    const pageId = page.page_id;
    await save(owner, { item_id: itemId, page_id: pageId, page_title: 'Runbook', page_content: 'restart it' });

    const after = ok(await owner.post<SinglePageItemInfo>('/api/item/info', { item_id: itemId }));
    expect(after).toMatchObject({ item_name: 'Runbook', menu: { pages: { page_id: pageId, page_content: 'restart it' } } });
  });

  it('uploads an image and a file, serves them back, lists and deletes the attachments', async () => {
    const itemId = await addItem(owner);
    const page = await save(owner, { item_id: itemId, page_title: 'Diagrams' });

    const image = await upload(owner, '/api/page/uploadImg', 'editormd-image-file', PNG, 'arch.png', { item_id: itemId, page_id: page.page_id });
    const imageReply = image.json<EditorMdReply>();
    expect(imageReply).toEqual({ success: 1, url: expect.stringMatching(/^\/server\/index\.php\?s=\/api\/attachment\/visitFile&sign=[a-f0-9]{32}$/) });
    const shown = await owner.request(imageReply.url as string);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/png');
    expect(shown.body.equals(PNG)).toBe(true);
    // Readers of a public item see its images without a login.
    expect((await new ApiClient(target().baseUrl).request(imageReply.url as string)).body.equals(PNG)).toBe(true);

    const forged = await upload(owner, '/api/page/uploadImg', 'editormd-image-file', PDF, 'fake.png', { item_id: itemId, page_id: page.page_id });
    expect(forged.json<EditorMdReply>()).toMatchObject({ success: 0 });

    const file = await upload(owner, '/api/page/upload', 'file', PDF, 'spec.pdf', { item_id: itemId, page_id: page.page_id });
    const fileReply = file.json<EditorMdReply>();
    expect(fileReply).toMatchObject({ success: 1 });
    const downloaded = await owner.request(fileReply.url as string);
    expect(downloaded.headers.get('content-type')).toBe('application/pdf');
    expect(downloaded.headers.get('content-disposition')).toMatch(/^attachment; filename="spec\.pdf"/);
    expect(downloaded.body.equals(PDF)).toBe(true);

    const files = ok(await owner.post<AttachmentListEntry[]>('/api/page/uploadList', { page_id: page.page_id }));
    expect(files.map((f) => f.display_name).sort()).toEqual(['arch.png', 'spec.pdf']);
    expect(ok(await owner.post<PageInfo>('/api/page/info', { page_id: page.page_id })).attachment_count).toBe(2);

    const pdf = files.find((f) => f.display_name === 'spec.pdf') as AttachmentListEntry;
    expect((await other.post('/api/page/deleteUploadFile', { file_id: pdf.file_id })).error_code).toBe(10103);
    ok(await owner.post('/api/page/deleteUploadFile', { file_id: pdf.file_id }));
    expect(ok(await owner.post<AttachmentListEntry[]>('/api/page/uploadList', { page_id: page.page_id })).map((f) => f.display_name)).toEqual(['arch.png']);
    expect((await owner.get(fileReply.url as string)).error_code).toBe(10101);
  });

  it('keeps personal page templates', async () => {
    const saved = ok(await owner.post<TemplateRow>('/api/template/save', { template_title: 'ADR', template_content: '## Context\n<why>' }));
    const mine = ok(await owner.post<TemplateListEntry[]>('/api/template/getList'));
    expect(mine.find((t) => t.id === saved.id)).toMatchObject({ template_title: 'ADR', template_content: '## Context\n<why>', username: ownerName });
    expect(ok(await other.post<TemplateListEntry[]>('/api/template/getList')).some((t) => t.id === saved.id)).toBe(false);
    expect((await other.post('/api/template/delete', { id: saved.id })).error_code).not.toBe(0);
    ok(await owner.post('/api/template/delete', { id: saved.id }));
    expect(ok(await owner.post<TemplateListEntry[]>('/api/template/getList')).some((t) => t.id === saved.id)).toBe(false);
  });

  it('lets a script write pages under a catalog path with the open API, until the key is reset', async () => {
    const itemId = await addItem(owner, { item_name: 'Generated' });
    const key = ok(await owner.post<ItemTokenRow>('/api/item/getKey', { item_id: itemId }));
    const script = new ApiClient(target().baseUrl);
    const credentials = { api_key: key.api_key, api_token: key.api_token };

    const created = ok(await script.post<PageRow>('/api/item/updateByApi', { ...credentials, cat_name: 'API/v1/users', page_title: 'GET /users', page_content: 'v1' }));
    const updated = ok(await script.post<PageRow>('/api/item/updateByApi', { ...credentials, cat_name: 'API/v1/users', page_title: 'GET /users', page_content: 'v2' }));
    expect(updated.page_id).toBe(created.page_id);

    const info = ok(await owner.post<RegularItemInfo>('/api/item/info', { item_id: itemId }));
    expect(outline(info.menu.catalogs)).toEqual([['API', [], [['v1', [], [['users', ['GET /users'], []]]]]]]);
    expect(ok(await owner.post<PageInfo>('/api/page/info', { page_id: created.page_id })).page_content).toBe('v2');

    expect((await script.post('/api/item/updateByApi', { ...credentials, api_token: 'wrong', page_title: 'X', page_content: 'x' })).error_code).toBe(10306);
    ok(await owner.post('/api/item/resetKey', { item_id: itemId }));
    expect((await script.post('/api/item/updateByApi', { ...credentials, page_title: 'X', page_content: 'x' })).error_code).toBe(10306);
  });

  it('locks a private item until a browser gives the visit password, for that browser only', async () => {
    const itemId = await addItem(owner, { item_name: 'Secret', password: 'open-sesame' });
    const page = await save(owner, { item_id: itemId, page_title: 'Keys', page_content: 'hidden' });

    const visitor = new ApiClient(target().baseUrl);
    expect((await visitor.post('/api/item/info', { item_id: itemId })).error_code).toBe(10303);
    expect((await visitor.post('/api/page/info', { page_id: page.page_id })).error_code).toBe(10303);
    expect((await visitor.post('/api/item/pwd', { item_id: itemId, password: 'guess' })).error_code).toBe(10307);

    ok(await visitor.post('/api/item/pwd', { item_id: itemId, password: 'open-sesame' }));
    expect(ok(await visitor.post<RegularItemInfo>('/api/item/info', { item_id: itemId }))).toMatchObject({ item_name: 'Secret', is_login: false, ItemPermn: false });
    expect(ok(await visitor.post<PageInfo>('/api/page/info', { page_id: page.page_id })).page_content).toBe('hidden');

    const otherBrowser = new ApiClient(target().baseUrl);
    expect((await otherBrowser.post('/api/item/info', { item_id: itemId })).error_code).toBe(10303);
    expect((await other.post('/api/item/info', { item_id: itemId })).error_code).toBe(10303);
  });

  /**
   * item/info with a keyword, asked until its hits are the titles expected (best first), then checked. Embedded
   * answers so at the first ask (a page saved is found by the very next request: services/item/test holds it);
   * a distributed search replica follows the change stream on its own, within about a second.
   */
  const searchItem = async (client: ApiClient, itemId: number, keyword: string, expected: string[]): Promise<RegularItemInfo> => {
    const titles = (info: RegularItemInfo) => info.menu.pages.map((p) => p.page_title);
    for (const deadline = Date.now() + 15_000; ; await new Promise((resolve) => setTimeout(resolve, 100))) {
      const info = ok(await client.post<RegularItemInfo>('/api/item/info', { item_id: itemId, keyword }));
      if (JSON.stringify(titles(info)) === JSON.stringify(expected) || Date.now() > deadline) {
        expect(titles(info)).toEqual(expected);
        return info;
      }
    }
  };

  it('searches the titles and contents of an item by keyword', async () => {
    const itemId = await addItem(owner);
    const guides = await catalog(owner, itemId, 'Guides');
    const install = await save(owner, { item_id: itemId, cat_id: guides.cat_id, page_title: 'Install guide', page_content: 'apt install quire' });
    await save(owner, { item_id: itemId, page_title: 'Upgrade', page_content: 'Read the INSTALL notes first' });
    await save(owner, { item_id: itemId, page_title: 'Unrelated', page_content: 'nothing here' });

    const found = await searchItem(other, itemId, 'install', ['Install guide', 'Upgrade']);
    const plain = ok(await other.post<RegularItemInfo>('/api/item/info', { item_id: itemId }));
    expect(Object.keys(found)).toEqual(Object.keys(plain));
    expect(found.menu).toEqual({
      pages: [
        { page_id: install.page_id, author_uid: install.author_uid, cat_id: guides.cat_id, page_title: 'Install guide', addtime: install.addtime },
        expect.objectContaining({ cat_id: 0, page_title: 'Upgrade' }),
      ],
      catalogs: [],
    });
    expect(ok(await other.post<RegularItemInfo>('/api/item/info', { item_id: itemId, keyword: 'no such words' })).menu.pages).toEqual([]);
  });

  it('finds a Chinese word in the middle of a sentence and an English word by its stem, and a deleted page no more', async () => {
    const itemId = await addItem(owner);
    await save(owner, { item_id: itemId, page_title: '接口说明', page_content: '本接口用于查询订单状态，并返回订单编号。' });
    const nightly = await save(owner, { item_id: itemId, page_title: 'Nightly job', page_content: 'Reports are exported every night.' });
    await save(owner, { item_id: itemId, page_title: 'Export settings', page_content: 'Choose a format.' });

    await searchItem(other, itemId, '订单', ['接口说明']);
    await searchItem(other, itemId, 'exporting', ['Export settings', 'Nightly job']);
    ok(await owner.post('/api/page/delete', { page_id: nightly.page_id }));
    await searchItem(other, itemId, 'exporting', ['Export settings']);
  });

  it('moves a deleted page to the recycle bin and recovers it to the item root', async () => {
    const itemId = await addItem(owner);
    const drafts = await catalog(owner, itemId, 'Drafts');
    const page = await save(owner, { item_id: itemId, cat_id: drafts.cat_id, page_title: 'Old idea' });

    ok(await owner.post('/api/page/delete', { page_id: page.page_id }));
    expect((await owner.post('/api/page/info', { page_id: page.page_id })).error_code).toBe(10101);
    const bin = ok(await owner.post<RecycleEntry[]>('/api/recycle/getList', { item_id: itemId }));
    expect(bin).toEqual([expect.objectContaining({ page_id: page.page_id, page_title: 'Old idea', del_by_username: ownerName })]);
    expect((await other.post('/api/recycle/recover', { item_id: itemId, page_id: page.page_id })).error_code).toBe(10303);

    ok(await owner.post('/api/recycle/recover', { item_id: itemId, page_id: page.page_id }));
    expect(ok(await owner.post<PageInfo>('/api/page/info', { page_id: page.page_id }))).toMatchObject({ page_title: 'Old idea', cat_id: 0 });
    expect(ok(await owner.post<RecycleEntry[]>('/api/recycle/getList', { item_id: itemId }))).toEqual([]);
  });

  it('archives and deletes an item only with the login password of its owner', async () => {
    const archived = await addItem(owner, { item_name: 'Frozen' });
    const page = await save(owner, { item_id: archived, page_title: 'Final' });
    expect((await owner.post('/api/item/archive', { item_id: archived, password: 'not-it' })).error_code).toBe(10208);
    expect((await other.post('/api/item/archive', { item_id: archived, password: 'stranger-pass' })).error_code).toBe(10303);
    expect(ok(await owner.post('/api/item/archive', { item_id: archived, password }))).toBe(1);
    expect(ok(await owner.post<RegularItemInfo>('/api/item/info', { item_id: archived }))).toMatchObject({ is_archived: 1, ItemPermn: false });
    expect((await owner.post('/api/page/save', { item_id: archived, page_id: page.page_id, page_content: 'thaw' })).error_code).not.toBe(0);
    expect(ok(await owner.post<PageInfo>('/api/page/info', { page_id: page.page_id })).page_content).toBe('text');

    const doomed = await addItem(owner, { item_name: 'Doomed' });
    expect((await owner.post('/api/item/delete', { item_id: doomed, password: 'not-it' })).error_code).toBe(10208);
    expect(ok(await owner.post('/api/item/delete', { item_id: doomed, password }))).toBe(1);
    expect((await owner.post('/api/item/info', { item_id: doomed })).error_code).toBe(10101);
    const mine = ok(await owner.post<{ item_id: number }[]>('/api/item/myList'));
    expect(mine.map((item) => item.item_id)).toContain(archived);
    expect(mine.map((item) => item.item_id)).not.toContain(doomed);
  });
}
