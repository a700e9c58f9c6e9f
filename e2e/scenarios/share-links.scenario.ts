import type { CreatedShareLink, ShareLinkInfo, ShareLinkPage, ShareLinkRow } from '@quire/proto';
import { ApiClient, type ApiEnvelope } from '@quire/testing';
import type { SystemTarget } from '../src/system-target';
import { solveCaptcha } from './auth-flow.scenario';

function ok<T>(envelope: ApiEnvelope<T>): T {
  expect(envelope).toMatchObject({ error_code: 0 });
  return envelope.data as T;
}

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/**
 * Scoped share links (issue 20) over HTTP: a link opens a page, a catalog with everything under it, or a whole item;
 * nothing outside its scope answers; passwords, expiry and revoking stop a reader at once; editors list and revoke;
 * the old single-page links keep working beside them.
 */
export function describeShareLinks(system: () => SystemTarget): void {
  let owner: ApiClient;
  let itemId: number;
  let apis: number;
  let inner: number;
  let guides: number;
  let apiPage: number;
  let innerPage: number;
  let guidePage: number;
  let rootPage: number;
  let imageUrl: string;

  const register = async (prefix: string): Promise<{ client: ApiClient; username: string }> => {
    const client = new ApiClient(system().baseUrl);
    const username = `${prefix}${Date.now() % 1_000_000}`;
    const vCode = await solveCaptcha(system(), client);
    ok(await client.post('/api/user/register', { username, password: 'pass-1234', confirm_password: 'pass-1234', v_code: vCode }));
    return { client, username };
  };
  const stranger = () => new ApiClient(system().baseUrl);
  const page = async (title: string, catId: number, content = `Text of ${title}`): Promise<number> =>
    ok(await owner.post<{ page_id: number }>('/api/page/save', { item_id: itemId, cat_id: catId, page_title: title, page_content: content })).page_id;
  const create = async (params: Record<string, string | number>, client = owner): Promise<CreatedShareLink> =>
    ok(await client.post<CreatedShareLink>('/api/share/create', { item_id: itemId, ...params }));
  const titles = (info: ShareLinkInfo): string[] => {
    const out = info.menu.pages.map((p) => p.page_title);
    const walk = (catalogs: typeof info.menu.catalogs) => {
      for (const catalog of catalogs) {
        out.push(`[${catalog.cat_name}]`, ...catalog.pages.map((p) => p.page_title));
        walk(catalog.catalogs ?? []);
      }
    };
    walk(info.menu.catalogs);
    return out;
  };

  beforeAll(async () => {
    owner = (await register('sharer')).client;
    itemId = ok(await owner.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Platform', password: 'members-only' })).item_id;
    apis = ok(await owner.post<{ cat_id: number }>('/api/catalog/save', { item_id: itemId, cat_name: 'APIs' })).cat_id;
    inner = ok(await owner.post<{ cat_id: number }>('/api/catalog/save', { item_id: itemId, cat_name: 'Orders', parent_cat_id: apis })).cat_id;
    guides = ok(await owner.post<{ cat_id: number }>('/api/catalog/save', { item_id: itemId, cat_name: 'Guides' })).cat_id;
    apiPage = await page('List users', apis);
    innerPage = await page('Create order', inner);
    guidePage = await page('Secret guide', guides, 'Only for members');
    rootPage = await page('Welcome', 0);
    const form = new FormData();
    form.append('item_id', String(itemId));
    form.append('page_id', String(innerPage));
    form.append('editormd-image-file', new Blob([PNG], { type: 'image/png' }), 'dot.png');
    imageUrl = (await owner.request('/api/page/uploadImg', { method: 'POST', body: form })).json<{ url: string }>().url;
    ok(await owner.post('/api/page/save', { item_id: itemId, page_id: innerPage, cat_id: inner, page_title: 'Create order', page_content: `Order ![dot](${imageUrl})` }));
  });

  it('a catalog link shows that catalog and what is under it, and nothing else of the item', async () => {
    const link = await create({ cat_id: apis });
    expect(link.share_key).toMatch(/^[0-9a-f]{32}$/);
    expect(link.url).toBe(`/s/${link.share_key}`);
    const visitor = stranger();
    const info = ok(await visitor.post<ShareLinkInfo>('/api/share/info', { share_key: link.share_key }));
    expect(info).toMatchObject({ scope: 'catalog', item_name: 'Platform', target_name: 'APIs', share_token: '' });
    expect(titles(info)).toEqual(['[APIs]', 'List users', '[Orders]', 'Create order']);
    expect(ok(await visitor.post<ShareLinkPage>('/api/share/page', { share_key: link.share_key, page_id: innerPage }))).toMatchObject({ page_title: 'Create order' });

    // A guessed page of another catalog, or of the item's root, answers as a missing page: no content.
    for (const guessed of [guidePage, rootPage, 999_999]) {
      const refused = await visitor.post<ShareLinkPage>('/api/share/page', { share_key: link.share_key, page_id: guessed });
      expect(refused).toMatchObject({ error_code: 10101, error_message: 'The page does not exist or has been deleted' });
      expect(JSON.stringify(refused)).not.toContain('Only for members');
    }
    // The item itself stays private to the stranger.
    expect((await visitor.post('/api/page/info', { page_id: apiPage })).error_code).not.toBe(0);

    // The image of a page in scope reads through the key; without it, the private item refuses.
    const withKey = await visitor.request(`${imageUrl}&share_key=${link.share_key}`);
    expect(withKey.status).toBe(200);
    expect(withKey.body.equals(PNG)).toBe(true);
    expect((await visitor.request(imageUrl)).json<ApiEnvelope>().error_code).not.toBe(0);
  });

  it('a page link shows that one page; an item link the whole menu; views are counted', async () => {
    const pageLink = await create({ page_id: guidePage });
    const one = ok(await stranger().post<ShareLinkInfo>('/api/share/info', { share_key: pageLink.share_key }));
    expect(one).toMatchObject({ scope: 'page', page_id: guidePage, target_name: 'Secret guide' });
    expect(titles(one)).toEqual(['Secret guide']);
    expect((await stranger().post('/api/share/page', { share_key: pageLink.share_key, page_id: apiPage })).error_code).toBe(10101);

    const itemLink = await create({});
    const whole = ok(await stranger().post<ShareLinkInfo>('/api/share/info', { share_key: itemLink.share_key }));
    expect(titles(whole)).toEqual(['Welcome', '[APIs]', 'List users', '[Orders]', 'Create order', '[Guides]', 'Secret guide']);
    expect(ok(await stranger().post<ShareLinkPage>('/api/share/page', { share_key: itemLink.share_key, page_id: guidePage })).page_content).toBe('Only for members');

    const listed = ok(await owner.post<ShareLinkRow[]>('/api/share/list', { item_id: itemId }));
    expect(listed.find((row) => row.share_key === pageLink.share_key)).toMatchObject({ scope: 'page', target_name: 'Secret guide', views: 1, has_password: false, expire_time: 0 });
    expect(listed.find((row) => row.share_key === itemLink.share_key)).toMatchObject({ scope: 'item', target_name: 'Platform', views: 1 });
  });

  it('a password is asked, a wrong one refused, the right one opens the link and its images', async () => {
    const link = await create({ cat_id: inner, password: 'open sesame' });
    const visitor = stranger();
    expect(await visitor.post('/api/share/info', { share_key: link.share_key })).toMatchObject({ error_code: 10307, error_message: 'This share link needs its password' });
    expect(await visitor.post('/api/share/info', { share_key: link.share_key, password: 'guess' })).toMatchObject({
      error_code: 10307,
      error_message: 'The share link password is incorrect',
    });
    expect((await visitor.post('/api/share/page', { share_key: link.share_key, page_id: innerPage, password: 'guess' })).error_code).toBe(10307);
    const info = ok(await visitor.post<ShareLinkInfo>('/api/share/info', { share_key: link.share_key, password: 'open sesame' }));
    expect(info.share_token).toMatch(/^[0-9a-f]{64}$/);
    expect(ok(await visitor.post<ShareLinkPage>('/api/share/page', { share_key: link.share_key, page_id: innerPage, password: 'open sesame' })).page_title).toBe('Create order');
    expect((await visitor.request(`${imageUrl}&share_key=${link.share_key}`)).json<ApiEnvelope>().error_code).not.toBe(0);
    expect((await visitor.request(`${imageUrl}&share_key=${link.share_key}&share_token=${info.share_token}`)).status).toBe(200);
    expect(ok(await owner.post<ShareLinkRow[]>('/api/share/list', { item_id: itemId })).find((row) => row.share_key === link.share_key)).toMatchObject({ has_password: true });
    // In Chinese too.
    const zh = await new ApiClient(system().baseUrl).request('/api/share/info', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'zh-CN' },
      body: JSON.stringify({ share_key: link.share_key, password: 'guess' }),
    });
    expect(zh.json<ApiEnvelope>()).toMatchObject({ error_code: 10307, error_message: '分享链接的访问密码不正确' });
  });

  it('a revoked link and an expired link stop at once, never with content', async () => {
    const link = await create({ cat_id: apis });
    const visitor = stranger();
    ok(await visitor.post('/api/share/info', { share_key: link.share_key }));
    ok(await owner.post('/api/share/revoke', { share_key: link.share_key }));
    for (const call of ['/api/share/info', '/api/share/page']) {
      const refused = await visitor.post(call, { share_key: link.share_key, page_id: apiPage });
      expect(refused).toEqual({ error_code: 10410, error_message: 'This share link has been revoked' });
    }
    expect((await visitor.request(`${imageUrl}&share_key=${link.share_key}`)).json<ApiEnvelope>().error_code).not.toBe(0);
    expect(ok(await owner.post<ShareLinkRow[]>('/api/share/list', { item_id: itemId })).some((row) => row.share_key === link.share_key)).toBe(false);

    const soon = Math.floor(Date.now() / 1000) + 2;
    const expiring = await create({ page_id: apiPage, expire_time: soon });
    ok(await visitor.post('/api/share/page', { share_key: expiring.share_key, page_id: apiPage }));
    await new Promise((resolve) => setTimeout(resolve, (soon + 1) * 1000 - Date.now()));
    expect(await visitor.post('/api/share/page', { share_key: expiring.share_key, page_id: apiPage })).toEqual({ error_code: 10410, error_message: 'This share link has expired' });
    expect(ok(await owner.post<ShareLinkRow[]>('/api/share/list', { item_id: itemId })).some((row) => row.share_key === expiring.share_key)).toBe(false);

    expect(await visitor.post('/api/share/info', { share_key: '0'.repeat(32) })).toMatchObject({ error_code: 10101, error_message: 'This share link does not exist' });
  });

  it('refuses an expiry in the past, a target outside the item, and callers without the edit right', async () => {
    expect(await owner.post('/api/share/create', { item_id: itemId, expire_time: Math.floor(Date.now() / 1000) - 10 })).toMatchObject({
      error_code: 10101,
      error_message: 'The expiry time must be in the future',
    });
    expect((await owner.post('/api/share/create', { item_id: itemId, cat_id: 999_999 })).error_code).toBe(10101);
    expect((await owner.post('/api/share/create', { item_id: itemId, page_id: 999_999 })).error_code).toBe(10101);

    const reader = await register('sharereader');
    const editor = await register('shareeditor');
    ok(await owner.post('/api/member/save', { item_id: itemId, username: reader.username, member_group_id: 0 }));
    ok(await owner.post('/api/member/save', { item_id: itemId, username: editor.username, member_group_id: 1 }));
    expect((await reader.client.post('/api/share/create', { item_id: itemId })).error_code).toBe(10103);
    expect((await reader.client.post('/api/share/list', { item_id: itemId })).error_code).toBe(10103);
    expect((await stranger().post('/api/share/create', { item_id: itemId })).error_code).toBe(10102);

    // An editor makes links and revokes their own; another editor's link is the owner's to revoke.
    const ownerLink = await create({});
    const editorLink = await create({ cat_id: guides }, editor.client);
    const rows = ok(await editor.client.post<ShareLinkRow[]>('/api/share/list', { item_id: itemId }));
    expect(rows.find((row) => row.share_key === editorLink.share_key)).toMatchObject({ creator_username: editor.username, target_name: 'Guides' });
    expect(await editor.client.post('/api/share/revoke', { share_key: ownerLink.share_key })).toMatchObject({
      error_code: 10103,
      error_message: "Only the link's maker or the item's owner can revoke it",
    });
    expect((await reader.client.post('/api/share/revoke', { share_key: editorLink.share_key })).error_code).toBe(10103);
    ok(await editor.client.post('/api/share/revoke', { share_key: editorLink.share_key }));
    ok(await owner.post('/api/share/revoke', { share_key: ownerLink.share_key }));
  });

  it('old single-page links keep working beside the new ones', async () => {
    const single = ok(await owner.post<{ unique_key: string }>('/api/page/createSinglePage', { page_id: apiPage, isCreateSiglePage: 'true' }));
    const read = ok(await stranger().post<{ page_title: string }>('/api/page/infoByKey', { unique_key: single.unique_key }));
    expect(read.page_title).toBe('List users');
    // A single-page key is no scoped link, and the other way round.
    expect((await stranger().post('/api/share/info', { share_key: single.unique_key })).error_code).toBe(10101);
    const scoped = await create({ page_id: apiPage });
    expect((await stranger().post('/api/page/infoByKey', { unique_key: scoped.share_key })).error_code).not.toBe(0);
  });
}
