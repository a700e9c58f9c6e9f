import type { MemberListEntry, PageInfo, PageRow } from '@quire/proto';
import { ApiClient, type ApiEnvelope, rawHttp, type RawHttpResponse } from '@quire/testing';
import { SYSTEM_ADMIN_PASSWORD } from '../src/embedded-system';
import type { SystemTarget } from '../src/system-target';

/** The data of a successful envelope; anything else fails the test with the envelope in the message. */
function ok<T>(envelope: ApiEnvelope<T>): T {
  expect(envelope).toMatchObject({ error_code: 0 });
  return envelope.data as T;
}

/** Pages of the large item: its menu is tens of kilobytes of JSON. */
const PAGES = 300;

interface MenuInfo {
  item_id: number;
  item_name: string;
  ItemPermn: boolean;
  is_login: boolean;
  menu: { pages: { page_id: number; page_title: string }[]; catalogs: { cat_name: string }[] };
}

/**
 * What a reader on a real network notices of delivery: a large menu (`item/info`) compressed with
 * Brotli or gzip, an unchanged menu or page answered `304` by its ETag until a save changes it,
 * ETags that never cross between callers of different rights, ShowDoc's POSTs unchanged, and
 * downloads sent as stored. Raw HTTP (`rawHttp`): the bytes as the wire carries them.
 */
export function describeDelivery(target: () => SystemTarget): void {
  const suffix = Date.now() % 100_000;
  let owner: ApiClient;
  let reader: ApiClient;
  let readerName: string;
  let itemId: number;
  let first: PageRow;

  /** The Cookie header a browser of this client sends (none for a visitor). */
  const cookieOf = (client: ApiClient) => [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const get = (client: ApiClient | null, route: string, headers: Record<string, string> = {}): Promise<RawHttpResponse> =>
    rawHttp(`${target().baseUrl}${route}`, { headers: client ? { cookie: cookieOf(client), ...headers } : headers });
  const json = <T>(response: RawHttpResponse) => JSON.parse(response.decoded().toString('utf8')) as ApiEnvelope<T>;
  const menuRoute = () => `/api/item/info?item_id=${itemId}`;

  beforeAll(async () => {
    owner = new ApiClient(target().baseUrl);
    ok(await owner.post('/api/user/login', { username: 'showdoc', password: SYSTEM_ADMIN_PASSWORD }));
    readerName = `reader${suffix}`;
    ok(await owner.post('/api/adminUser/addUser', { username: readerName, password: 'reader-pass' }));
    reader = new ApiClient(target().baseUrl);
    ok(await reader.post('/api/user/login', { username: readerName, password: 'reader-pass' }));
    // A public item (no visit password): visitors read it too.
    itemId = ok(await owner.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: `Handbook ${suffix}`, item_description: '', password: '' })).item_id;
    ok(await owner.post('/api/member/save', { item_id: itemId, username: readerName, member_group_id: 0 }));
    first = ok(await owner.post<PageRow>('/api/page/save', { item_id: itemId, page_title: 'Chapter 0', page_content: 'The first chapter.' }));
    for (let next = 1; next < PAGES; next += 10) {
      await Promise.all(
        Array.from({ length: Math.min(10, PAGES - next) }, (_, i) =>
          owner.post('/api/page/save', { item_id: itemId, page_title: `Chapter ${next + i}`, page_content: `Chapter ${next + i} of the handbook.` }).then(ok),
        ),
      );
    }
  }, 120_000);

  it('sends a large item/info compressed, Brotli when asked, else gzip, decoding to the JSON a POST answers', async () => {
    const posted = ok(await owner.post<MenuInfo>('/api/item/info', { item_id: itemId }));
    expect(posted.menu.pages).toHaveLength(PAGES);
    const plain = await get(owner, menuRoute());
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(10_000);
    expect(ok(json<MenuInfo>(plain))).toEqual(posted);
    for (const [accepted, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
    ]) {
      const response = await get(owner, menuRoute(), { 'accept-encoding': accepted });
      expect({ accepted, encoding: response.headers['content-encoding'], vary: response.headers.vary }).toEqual({ accepted, encoding, vary: 'Accept-Encoding' });
      expect(response.body.length).toBeLessThan(plain.body.length / 4);
      expect(ok(json<MenuInfo>(response))).toEqual(posted);
    }
  });

  it('answers a repeated item/info read with an empty 304 until a page is saved, then with the new menu', async () => {
    const firstRead = await get(owner, menuRoute(), { 'accept-encoding': 'br' });
    const etag = firstRead.headers.etag as string;
    expect(firstRead.headers).toMatchObject({ etag: expect.stringMatching(/^W\/".+"$/), 'cache-control': 'private, no-cache' });
    for (let i = 0; i < 2; i++) {
      const again = await get(owner, menuRoute(), { 'accept-encoding': 'br', 'if-none-match': etag });
      expect({ status: again.status, etag: again.headers.etag, bytes: again.body.length }).toEqual({ status: 304, etag, bytes: 0 });
    }

    ok(await owner.post('/api/page/save', { item_id: itemId, page_title: 'Appendix', page_content: 'Added after the first read.' }));

    const changed = await get(owner, menuRoute(), { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(ok(json<MenuInfo>(changed)).menu.pages.map((page) => page.page_title)).toContain('Appendix');
    const current = await get(owner, menuRoute(), { 'if-none-match': changed.headers.etag as string });
    expect(current.status).toBe(304);
  });

  it('gives callers with other rights other ETags: the owner, a read-only member and a visitor never share an answer', async () => {
    const [ownerRead, readerRead, visitorRead] = await Promise.all([get(owner, menuRoute()), get(reader, menuRoute()), get(null, menuRoute())]);
    const etags = [ownerRead, readerRead, visitorRead].map((response) => response.headers.etag);
    expect(new Set(etags).size).toBe(3);
    expect([ownerRead, readerRead, visitorRead].map((response) => ok(json<MenuInfo>(response))).map(({ ItemPermn, is_login }) => ({ ItemPermn, is_login }))).toEqual([
      { ItemPermn: true, is_login: true },
      { ItemPermn: false, is_login: true },
      { ItemPermn: false, is_login: false },
    ]);
    // The owner's ETag in another caller's browser: the whole answer, with that caller's rights.
    for (const [client, caller] of [
      [reader, 'reader'],
      [null, 'visitor'],
    ] as const) {
      const response = await get(client, menuRoute(), { 'if-none-match': ownerRead.headers.etag as string });
      expect({ caller, status: response.status, ItemPermn: ok(json<MenuInfo>(response)).ItemPermn }).toEqual({ caller, status: 200, ItemPermn: false });
    }
  });

  it('answers page/info the same way: 304 while unchanged, the new text after a save, another ETag for another caller', async () => {
    const route = `/api/page/info?page_id=${first.page_id}`;
    const firstRead = await get(owner, route);
    const etag = firstRead.headers.etag as string;
    expect(firstRead.headers).toMatchObject({ etag: expect.stringMatching(/^W\/".+"$/), 'cache-control': 'private, no-cache' });
    expect(ok(json<PageInfo>(firstRead)).page_content).toBe('The first chapter.');
    const again = await get(owner, route, { 'if-none-match': etag });
    expect({ status: again.status, bytes: again.body.length }).toEqual({ status: 304, bytes: 0 });
    const readerRead = await get(reader, route, { 'if-none-match': etag });
    expect(readerRead.status).toBe(200);
    expect(readerRead.headers.etag).not.toBe(etag);

    ok(await owner.post('/api/page/save', { page_id: first.page_id, item_id: itemId, page_title: 'Chapter 0', page_content: 'The first chapter, revised.' }));

    const changed = await get(owner, route, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(ok(json<PageInfo>(changed)).page_content).toBe('The first chapter, revised.');
  });

  it("changes the menu's ETag with whatever the menu shows: a new catalog, the item's name, the caller's right", async () => {
    let held = (await get(reader, menuRoute())).headers.etag as string;
    /** The reader's menu after `change`, asked with the ETag held before it: the whole new answer, never a 304. */
    const readAfter = async (change: () => Promise<unknown>) => {
      await change();
      const response = await get(reader, menuRoute(), { 'if-none-match': held });
      expect(response.status).toBe(200);
      expect(response.headers.etag).not.toBe(held);
      held = response.headers.etag as string;
      return ok(json<MenuInfo>(response));
    };
    const withCatalog = await readAfter(async () => ok(await owner.post('/api/catalog/save', { item_id: itemId, cat_name: 'Maps' })));
    expect(withCatalog.menu.catalogs.map((catalog) => catalog.cat_name)).toContain('Maps');
    const renamed = await readAfter(async () => ok(await owner.post('/api/item/update', { item_id: itemId, item_name: `Field handbook ${suffix}` })));
    expect(renamed.item_name).toBe(`Field handbook ${suffix}`);
    const editor = await readAfter(async () => {
      const [member] = ok(await owner.post<MemberListEntry[]>('/api/member/getList', { item_id: itemId }));
      ok(await owner.post('/api/member/delete', { item_id: itemId, item_member_id: member.item_member_id }));
      ok(await owner.post('/api/member/save', { item_id: itemId, username: readerName, member_group_id: 1 }));
    });
    expect(editor.ItemPermn).toBe(true);
  });

  it("answers ShowDoc's POSTs in full, with or without an If-None-Match", async () => {
    const etag = (await get(owner, menuRoute())).headers.etag as string;
    for (const headers of [{}, { 'if-none-match': etag }] as Record<string, string>[]) {
      const response = await rawHttp(`${target().baseUrl}/api/item/info`, {
        method: 'POST',
        headers: { cookie: cookieOf(owner), 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: `item_id=${itemId}`,
      });
      expect(response.status).toBe(200);
      expect(ok(json<MenuInfo>(response)).menu.pages.length).toBeGreaterThan(PAGES);
    }
  });

  it('sends a downloaded file as it is stored, with its length, whatever the client accepts', async () => {
    const text = Buffer.from('A line of plain text that compresses well.\n'.repeat(200));
    const form = new FormData();
    form.append('item_id', String(itemId));
    form.append('page_id', String(first.page_id));
    form.append('file', new Blob([text]), 'notes.txt');
    const uploaded = (await owner.request('/api/page/upload', { method: 'POST', body: form })).json<{ success: number; url: string }>();
    expect(uploaded).toMatchObject({ success: 1 });
    const download = await get(owner, uploaded.url, { 'accept-encoding': 'br, gzip' });
    expect(download.status).toBe(200);
    expect(download.headers['content-encoding']).toBeUndefined();
    expect(download.headers['content-length']).toBe(String(text.length));
    expect(download.body).toEqual(text);
  });
}
