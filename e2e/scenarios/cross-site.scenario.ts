import type { AdminUserPage, ItemListEntry, ItemTokenRow, MemberListEntry, PageInfo, PageRow } from '@quire/proto';
import { ErrorCode, Routes, translate } from '@quire/proto';
import { ApiClient, type ApiEnvelope } from '@quire/testing';
import { SYSTEM_ADMIN_PASSWORD } from '../src/embedded-system';
import type { SystemTarget } from '../src/system-target';

type Params = Record<string, string | number>;

/** How a page on another site makes the victim's browser call Quire, with the headers the browser adds. */
interface Attack {
  name: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** ShowDoc's `/server/index.php?s=/api/...` form of the URL. */
  legacyUrl?: boolean;
}

const ATTACKS: Attack[] = [
  {
    name: 'a cross-site navigation',
    method: 'GET',
    headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', 'sec-fetch-user': '?1' },
  },
  {
    name: "a cross-site navigation to ShowDoc's URL",
    method: 'GET',
    headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
    legacyUrl: true,
  },
  { name: 'a cross-site image', method: 'GET', headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' } },
  {
    name: 'a cross-site form post',
    method: 'POST',
    headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', origin: 'https://evil.example' },
  },
  { name: 'a POST marked cross-site without Origin', method: 'POST', headers: { 'sec-fetch-site': 'cross-site' } },
];

const REFUSAL = { error_code: ErrorCode.CrossSite, error_message: translate('cross_site', 'en') };

/** Every write route of the route table that a session may authorize (keys as the table has them: any case reaches them). */
const WRITE_ROUTES = Object.entries(Routes)
  .filter(([, route]) => route.effect === 'write' && route.auth !== 'apiKey')
  .map(([key]) => key);
/** The open API's write routes: their own key is the credential, a cookie gives nothing. */
const API_KEY_ROUTES = Object.entries(Routes)
  .filter(([, route]) => route.effect === 'write' && route.auth === 'apiKey')
  .map(([key]) => key);
const READ_ROUTES = Object.entries(Routes)
  .filter(([, route]) => route.effect === 'read')
  .map(([key]) => key);

function ok<T>(envelope: ApiEnvelope<T>): T {
  expect(envelope).toMatchObject({ error_code: 0 });
  return envelope.data as T;
}

/**
 * Cross-site request forgery, as browsers send it: another site's link, image or form makes a
 * signed-in administrator's browser call every write route of the route table (generated from
 * the table). Each is refused and changes nothing; the site's own POSTs, explicit credentials
 * (`user_token`, `X-API-Token`, `Authorization: Bearer`, the open API's key) and reads still work.
 */
export function describeCrossSite(target: () => SystemTarget): void {
  const suffix = Date.now() % 100_000;
  let admin: ApiClient;
  let bob: ApiClient;
  const bobName = `bob${suffix}`;
  const bobPassword = 'bob-password';
  let bobUid: number;
  let itemId: number;
  let page: PageRow;

  /** The victim's Cookie header: what the browser attaches to any request to Quire. */
  const adminCookie = () => `cookie_token=${admin.cookie('cookie_token')}; quire_client=${admin.cookie('quire_client')}`;

  /** A request with exactly these headers (ApiClient adds an Origin of its own). */
  const send = async (method: string, path: string, params: Params, headers: Record<string, string>) => {
    const form = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]));
    const query = form.toString();
    const url = method === 'GET' ? `${target().baseUrl}${path}${query ? `${path.includes('?') ? '&' : '?'}${query}` : ''}` : `${target().baseUrl}${path}`;
    const response = await fetch(url, {
      method,
      headers: method === 'GET' ? headers : { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: method === 'GET' ? undefined : form,
      redirect: 'manual',
    });
    const text = await response.text();
    return { status: response.status, type: response.headers.get('content-type') ?? '', text };
  };

  const attack = (how: Attack, route: string, params: Params) =>
    send(how.method, how.legacyUrl ? `/server/index.php?s=/api/${route}` : `/api/${route}`, params, { ...how.headers, cookie: adminCookie() });

  /** Every attack on one route, each answered with the refusal (editor.md's protocol on page/uploadImg). */
  const expectRefused = async (route: string, params: Params) => {
    for (const how of ATTACKS) {
      const reply = await attack(how, route, params);
      const expected = Routes[route].upload?.editorMd ? { success: 0, message: REFUSAL.error_message } : REFUSAL;
      expect({ attack: how.name, route, body: JSON.parse(reply.text) as unknown }).toEqual({ attack: how.name, route, body: expected });
    }
  };

  const pageInfo = async (client: ApiClient, pageId: number) => ok(await client.post<PageInfo>('/api/page/info', { page_id: pageId }));

  beforeAll(async () => {
    admin = new ApiClient(target().baseUrl);
    ok(await admin.post('/api/user/login', { username: 'showdoc', password: SYSTEM_ADMIN_PASSWORD }));
    ok(await admin.post('/api/adminUser/addUser', { username: bobName, password: bobPassword }));
    bobUid = ok(await admin.post<AdminUserPage>('/api/adminUser/getList', { username: bobName, page: 1, count: 10 })).users[0].uid;
    bob = new ApiClient(target().baseUrl);
    ok(await bob.post('/api/user/login', { username: bobName, password: bobPassword }));
    itemId = ok(await admin.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: `Runbook ${suffix}`, item_description: '', password: '' })).item_id;
    page = ok(await admin.post<PageRow>('/api/page/save', { item_id: itemId, page_title: 'Restore', page_content: 'Step one' }));
  });

  describe('every write route of the route table', () => {
    // The same harmless-looking parameters an attacker would put in the link or the form.
    const params = (): Params => ({
      item_id: itemId,
      page_id: page.page_id,
      uid: bobUid,
      username: bobName,
      new_password: 'hijacked-pass',
      password: 'hijacked-pass',
      page_title: 'Defaced',
      page_content: 'defaced',
      member_group_id: 1,
    });

    it.each(WRITE_ROUTES)('refuses /api/%s from another site with the admin cookie', async (route) => {
      await expectRefused(route, params());
    });

    it.each(API_KEY_ROUTES)('gives the admin cookie no power on the open API /api/%s from another site', async (route) => {
      for (const how of ATTACKS) {
        const reply = await attack(how, route, params());
        // ShowDoc's updateDbItem and fromComments answer plain text: "api_key或者api_token不匹配".
        const answer = reply.type.includes('json') ? (JSON.parse(reply.text) as ApiEnvelope).error_code : reply.text.trim();
        const expected = how.method === 'GET' ? ErrorCode.WriteByGet : reply.type.includes('json') ? ErrorCode.ApiKeyMismatch : 'api_key或者api_token不匹配';
        expect({ attack: how.name, route, answer }).toEqual({ attack: how.name, route, answer: expected });
      }
    });

    it('changed nothing: the page, its item, the members, the users, the passwords and the session are as they were', async () => {
      expect(await pageInfo(admin, page.page_id)).toMatchObject({ page_title: 'Restore', page_content: 'Step one' });
      expect(ok(await admin.post<MemberListEntry[]>('/api/member/getList', { item_id: itemId }))).toEqual([]);
      expect(ok(await admin.post<{ item_id: number }[]>('/api/item/myList')).map((item) => item.item_id)).toContain(itemId);
      expect(ok(await admin.post<{ username: string }>('/api/user/info')).username).toBe('showdoc');
    });
  });

  describe('the dangerous ones, checked one by one', () => {
    it("adminUser/changePassword of another user leaves that user's password as it was", async () => {
      await expectRefused('adminuser/changepassword', { uid: bobUid, new_password: 'hijacked-pass' });
      expect((await new ApiClient(target().baseUrl).post('/api/user/login', { username: bobName, password: 'hijacked-pass' })).error_code).toBe(10204);
      ok(await new ApiClient(target().baseUrl).post('/api/user/login', { username: bobName, password: bobPassword }));
    });

    it('page/save leaves the page unchanged', async () => {
      await expectRefused('page/save', { page_id: page.page_id, item_id: itemId, page_title: 'Defaced', page_content: 'defaced' });
      expect(await pageInfo(admin, page.page_id)).toMatchObject({ page_title: 'Restore', page_content: 'Step one' });
    });

    it('member/save adds no member', async () => {
      await expectRefused('member/save', { item_id: itemId, username: bobName, member_group_id: 1 });
      expect(ok(await admin.post<MemberListEntry[]>('/api/member/getList', { item_id: itemId }))).toEqual([]);
    });

    it('page/delete leaves the page', async () => {
      await expectRefused('page/delete', { page_id: page.page_id, item_id: itemId });
      expect((await pageInfo(admin, page.page_id)).page_title).toBe('Restore');
    });

    it('adminUser/addUser adds no user', async () => {
      const intruder = `intruder${suffix}`;
      await expectRefused('adminuser/adduser', { username: intruder, password: 'intruder-pass' });
      expect(ok(await admin.post<AdminUserPage>('/api/adminUser/getList', { username: intruder, page: 1, count: 10 })).total).toBe(0);
    });

    it('user/logout leaves the session alive', async () => {
      await expectRefused('user/logout', {});
      expect(ok(await admin.post<{ username: string }>('/api/user/info')).username).toBe('showdoc');
    });

    it('a GET never changes anything, even with an explicit token', async () => {
      const token = bob.cookie('cookie_token') as string;
      const bobItem = ok(await bob.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Bob notes', item_description: '', password: '' })).item_id;
      const bobPage = ok(await bob.post<PageRow>('/api/page/save', { item_id: bobItem, page_title: 'Mine', page_content: 'mine' }));
      const byGet = await send('GET', '/api/page/save', { page_id: bobPage.page_id, item_id: bobItem, page_title: 'Changed', page_content: 'changed', user_token: token }, {});
      expect(JSON.parse(byGet.text)).toEqual({ error_code: ErrorCode.WriteByGet, error_message: translate('write_by_get', 'en') });
      expect(await pageInfo(bob, bobPage.page_id)).toMatchObject({ page_title: 'Mine', page_content: 'mine' });
    });
  });

  describe('what keeps working', () => {
    it("lets the site's own POSTs change things: Sec-Fetch-Site same-origin, or the site's Origin, or its Referer", async () => {
      const own = async (headers: Record<string, string>, title: string) => {
        const reply = await send(
          'POST',
          '/api/page/save',
          { page_id: page.page_id, item_id: itemId, page_title: title, page_content: `${title} text` },
          { ...headers, cookie: adminCookie() },
        );
        expect(JSON.parse(reply.text)).toMatchObject({ error_code: 0 });
        expect(await pageInfo(admin, page.page_id)).toMatchObject({ page_title: title, page_content: `${title} text` });
      };
      await own({ 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty', origin: target().baseUrl }, 'By fetch');
      await own({ 'sec-fetch-site': 'same-origin' }, 'By form');
      await own({ origin: target().baseUrl }, 'By an older browser');
      await own({ referer: `${target().baseUrl}/page/edit/${itemId}/${page.page_id}` }, 'Without Origin');
    });

    it('lets explicit credentials write from anywhere: user_token, X-API-Token, Authorization: Bearer', async () => {
      const token = bob.cookie('cookie_token') as string;
      const anywhere = { 'sec-fetch-site': 'cross-site', origin: 'https://ci.example' };
      const addItem = async (name: string, headers: Record<string, string>, extra: Params = {}) =>
        JSON.parse((await send('POST', '/api/item/add', { item_type: 1, item_name: name, item_description: '', password: '', ...extra }, { ...anywhere, ...headers })).text) as ApiEnvelope;
      expect(await addItem('By parameter', {}, { user_token: token })).toMatchObject({ error_code: 0 });
      expect(await addItem('By header', { 'x-api-token': token })).toMatchObject({ error_code: 0 });
      expect(await addItem('By bearer', { authorization: `Bearer ${token}` })).toMatchObject({ error_code: 0 });
      // The admin's cookie rides along, but the explicit token is what authenticates: the item is Bob's.
      expect(await addItem('Beside a cookie', { cookie: adminCookie() }, { user_token: token })).toMatchObject({ error_code: 0 });
      const bobs = ok(await bob.post<ItemListEntry[]>('/api/item/myList')).map((item) => item.item_name);
      expect(bobs).toEqual(expect.arrayContaining(['By parameter', 'By header', 'By bearer', 'Beside a cookie']));
      const admins = ok(await admin.post<ItemListEntry[]>('/api/item/myList')).map((item) => item.item_name);
      expect(admins).not.toContain('Beside a cookie');
      // A bogus token next to the cookie is no explicit credential.
      expect(await addItem('Bogus', { cookie: adminCookie() }, { user_token: 'f'.repeat(64) })).toEqual(REFUSAL);
    });

    it("lets the open API write from anywhere with the item's api_key and api_token, a browser's cookie or not", async () => {
      const key = ok(await admin.post<ItemTokenRow>('/api/item/getKey', { item_id: itemId }));
      const anywhere = { 'sec-fetch-site': 'cross-site', origin: 'https://ci.example' };
      const calls: [string, Record<string, string>][] = [
        ['/api/open/updatePage', anywhere],
        ['/server/index.php?s=/api/item/updateByApi', anywhere],
        ['/api/item/updateByApi', { ...anywhere, cookie: adminCookie() }],
      ];
      for (const [index, [route, headers]] of calls.entries()) {
        const title = `From CI, call ${index + 1}`;
        const reply = await send('POST', route, { api_key: key.api_key, api_token: key.api_token, page_title: title, page_content: 'built' }, headers);
        const created = ok(JSON.parse(reply.text) as ApiEnvelope<PageRow>);
        expect(await pageInfo(admin, created.page_id)).toMatchObject({ page_title: title, page_content: 'built' });
      }
    });

    it.each(READ_ROUTES)('still answers a GET on the read route /api/%s, from another site too', async (route) => {
      const reply = await attack(ATTACKS[0], route, { item_id: itemId, page_id: page.page_id });
      if (!reply.type.includes('json')) return expect(reply.status).toBe(200);
      const { error_code } = JSON.parse(reply.text) as ApiEnvelope;
      expect([route, error_code]).not.toEqual([route, ErrorCode.CrossSite]);
      expect([route, error_code]).not.toEqual([route, ErrorCode.WriteByGet]);
    });

    it('answers reads by GET with their data: user/info, page/info, the captcha image', async () => {
      const info = await attack(ATTACKS[0], 'user/info', {});
      expect(JSON.parse(info.text)).toMatchObject({ error_code: 0, data: { username: 'showdoc' } });
      const shown = await attack(ATTACKS[0], 'page/info', { page_id: page.page_id });
      expect(JSON.parse(shown.text)).toMatchObject({ error_code: 0, data: { page_id: page.page_id } });
      const captcha = await attack(ATTACKS[2], 'common/verify', {});
      expect(captcha).toMatchObject({ status: 200, type: 'image/png' });
    });

    it('ends the session by a POST from the site', async () => {
      const cookie = adminCookie();
      ok(await admin.post('/api/user/logout'));
      const after = await send('POST', '/api/user/info', {}, { cookie, 'sec-fetch-site': 'same-origin' });
      expect(JSON.parse(after.text)).toMatchObject({ error_code: ErrorCode.NotLoggedIn });
    });
  });
}
