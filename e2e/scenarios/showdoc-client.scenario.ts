import type { AnnouncementMessage, ItemGroupRow, LoggedInUser, MyTemplateEntry, PageLockState, PageRow, RegularItemInfo, RemindPage, UnreadMessages } from '@quire/proto';
import { ApiClient, type ApiEnvelope, eventually } from '@quire/testing';
import { CoEditor } from '../src/co-editor';
import type { SystemTarget } from '../src/system-target';
import { solveCaptcha } from './auth-flow.scenario';

/** The data of a successful envelope; anything else fails the test with the envelope in the message. */
function ok<T>(envelope: ApiEnvelope<T>): T {
  expect(envelope).toMatchObject({ error_code: 0 });
  return envelope.data as T;
}

type Kind = 'number' | 'string' | 'boolean' | 'array' | 'object' | 'number|string';

/**
 * Each field ShowDoc 3.9's server (server/app/Api/Controller, star7th/showdoc v3.9.2) puts in an answer,
 * with the JSON type its web client reads: an answer of Quire has every one of them (it may add its own).
 */
const SHOWDOC_SHAPES = {
  // UserController::login / register (HEAD-L, HEAD-N)
  loggedInUser: {
    uid: 'number',
    username: 'string',
    name: 'string',
    groupid: 'number',
    avatar: 'string',
    avatar_small: 'string',
    email: 'string',
    email_verify: 'number',
    user_token: 'string',
  },
  // ItemGroupController::getList: item_group rows
  itemGroup: { id: 'number', uid: 'number', group_name: 'string', item_ids: 'string', s_number: 'number', created_at: 'string', updated_at: 'string' },
  // ItemGroupController::save: the row without uid
  savedItemGroup: { id: 'number', group_name: 'string', item_ids: 'string', s_number: 'number', created_at: 'string', updated_at: 'string' },
  // ItemController::info, the fields its toolbar and menu read
  itemInfo: {
    item_id: 'number',
    item_domain: 'string',
    is_archived: 'number',
    item_name: 'string',
    default_page_id: 'string',
    default_cat_id2: 'number',
    default_cat_id3: 'number',
    default_cat_id4: 'number',
    unread_count: 'number',
    item_type: 'number',
    menu: 'object',
    is_login: 'boolean',
    item_edit: 'boolean',
    item_manage: 'boolean',
    ItemPermn: 'boolean',
    ItemCreator: 'boolean',
    current_page_id: 'number',
  },
  // AgentController::config, AI off
  agentConfig: { enabled: 'boolean', welcome_message: 'string', can_edit: 'boolean', item_type: 'number', is_guest: 'boolean', dialog_collapsed: 'number' },
  // CatalogController::catList / catListName: catalog rows, addtime formatted
  catalog: { cat_id: 'number', cat_name: 'string', item_id: 'number', s_number: 'number', addtime: 'string', parent_cat_id: 'number', level: 'number' },
  // PageController::isLock
  lockState: { lock: 'number', exceed: 'number', lock_uid: 'number|string', lock_username: 'string', is_cur_user: 'number' },
  // TemplateController::getMyList
  myTemplate: { id: 'number', uid: 'number', username: 'string', template_title: 'string', template_content: 'string', addtime: 'string', share_item: 'array', share_item_count: 'number' },
  // MessageController / Message::renderOne: a remind message
  remind: {
    id: 'number',
    from_uid: 'number',
    to_uid: 'number',
    message_type: 'string',
    message_content_id: 'number',
    status: 'number',
    addtime: 'string',
    object_type: 'string',
    object_id: 'number',
    action_type: 'string',
    message_content: 'string',
    from_name: 'string',
  },
  // MessageController::getAnnouncementList: message_content rows with status
  announcement: {
    id: 'number',
    from_uid: 'number',
    from_name: 'string',
    message_type: 'string',
    message_content: 'string',
    action_type: 'string',
    object_type: 'string',
    object_id: 'number',
    addtime: 'string',
    status: 'number',
    message_content_id: 'number',
  },
} satisfies Record<string, Record<string, Kind>>;

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  return typeof value;
}

/** Fails with the field's name when a ShowDoc field is missing or has another JSON type. */
function expectShowdocShape(value: unknown, shape: Record<string, Kind>): void {
  expect(kindOf(value)).toBe('object');
  const found = Object.fromEntries(Object.keys(shape).map((field) => [field, kindOf((value as Record<string, unknown>)[field])]));
  const wanted = Object.fromEntries(Object.entries(shape).map(([field, kind]) => [field, kind.includes(found[field]) ? found[field] : kind]));
  expect(found).toEqual(wanted);
}

/**
 * ShowDoc 3.9's own web client against Quire (issue 27): the calls it makes, in its order — sign in,
 * the item list with its groups, open an item, open a page, edit and save under its lock, templates,
 * the header's messages — each answer checked against the shape ShowDoc 3.9 gives, and the
 * differences that were closed (register, page/save into another item, template titles, `_item_pwd`, ping).
 */
export function describeShowdocClient(target: () => SystemTarget): void {
  let owner: ApiClient;
  let ownerUser: LoggedInUser;
  let editor: ApiClient;
  let editorName: string;
  let itemId: number;
  let otherItemId: number;
  let page: PageRow;

  const register = async (prefix: string): Promise<{ client: ApiClient; user: LoggedInUser }> => {
    const client = new ApiClient(target().baseUrl);
    const username = `${prefix}${Date.now() % 1_000_000}`;
    const v_code = await solveCaptcha(target(), client);
    const user = ok(await client.post<LoggedInUser>('/api/user/register', { username, password: `${prefix}-pass`, confirm_password: `${prefix}-pass`, v_code }));
    return { client, user };
  };

  beforeAll(async () => {
    ({ client: owner, user: ownerUser } = await register('sdowner'));
    const second = await register('sdeditor');
    editor = second.client;
    editorName = second.user.username;
  });

  it('signs in: user/register answers like user/login, with the user_token its cookie holds', async () => {
    expectShowdocShape(ownerUser, SHOWDOC_SHAPES.loggedInUser);
    expect(ownerUser.user_token).toBe(owner.cookie('cookie_token'));
    expect(ownerUser.groupid).toBe(2);
    // A script keeps the token and sends it back, as with user/login.
    const script = new ApiClient(target().baseUrl);
    expect(ok(await script.post<{ username: string }>('/api/user/info', { user_token: ownerUser.user_token })).username).toBe(ownerUser.username);
    const login = ok(await new ApiClient(target().baseUrl).post<LoggedInUser>('/api/user/login', { username: ownerUser.username, password: 'sdowner-pass' }));
    expectShowdocShape(login, SHOWDOC_SHAPES.loggedInUser);
  });

  it('lists items with their groups: itemGroup/save, getList, item/myList by group, saveSort, delete', async () => {
    // What the item list screen asks first.
    expect(await owner.post('/api/publicSquare/checkEnabled')).toEqual({ error_code: 0, data: { enable: 0 } });
    expect(await owner.post('/api/itemGroup/getList')).toEqual({ error_code: 0, data: [] });
    itemId = ok(await owner.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Orders API' })).item_id;
    otherItemId = ok(await owner.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Ops <runbook>' })).item_id;

    const backend = ok(await owner.post<ItemGroupRow>('/api/itemGroup/save', { group_name: 'Back end', item_ids: `${itemId}` }));
    expectShowdocShape(backend, SHOWDOC_SHAPES.savedItemGroup);
    expect(backend).not.toHaveProperty('uid');
    expect(backend.created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const ops = ok(await owner.post<ItemGroupRow>('/api/itemGroup/save', { group_name: 'Ops & <infra>', item_ids: `${otherItemId},${itemId}` }));
    expect(ops).toMatchObject({ group_name: 'Ops &amp; &lt;infra&gt;', item_ids: `${otherItemId},${itemId}` });

    const groups = ok(await owner.post<ItemGroupRow[]>('/api/itemGroup/getList'));
    for (const group of groups) expectShowdocShape(group, SHOWDOC_SHAPES.itemGroup);
    expect(groups.map((g) => g.group_name)).toEqual(['Back end', 'Ops &amp; &lt;infra&gt;']);

    // The tabs: item/myList with item_group_id lists that group's items only.
    const inBackend = ok(await owner.post<{ item_id: number }[]>('/api/item/myList', { item_group_id: backend.id }));
    expect(inBackend.map((i) => i.item_id)).toEqual([itemId]);
    expect(
      ok(await owner.post<{ item_id: number }[]>('/api/item/myList', { item_group_id: 0 }))
        .map((i) => i.item_id)
        .sort(),
    ).toEqual([itemId, otherItemId].sort());

    // Renamed with a new item list, then dragged first (the client sends JSON in `groups`).
    expect(ok(await owner.post<ItemGroupRow>('/api/itemGroup/save', { id: backend.id, group_name: 'Services', item_ids: `${itemId},${otherItemId}` }))).toMatchObject({
      id: backend.id,
      group_name: 'Services',
    });
    expect(
      await owner.post('/api/itemGroup/saveSort', {
        groups: JSON.stringify([
          { id: ops.id, s_number: 1 },
          { id: backend.id, s_number: 2 },
        ]),
      }),
    ).toEqual({ error_code: 0, data: [] });
    expect(ok(await owner.post<ItemGroupRow[]>('/api/itemGroup/getList')).map((g) => g.group_name)).toEqual(['Ops &amp; &lt;infra&gt;', 'Services']);

    // Someone else's groups are not theirs to see, change or delete.
    expect(await editor.post('/api/itemGroup/getList')).toEqual({ error_code: 0, data: [] });
    expect((await editor.post('/api/itemGroup/save', { id: ops.id, group_name: 'mine now' })).error_code).toBe(10101);
    expect((await editor.post('/api/itemGroup/delete', { id: ops.id })).error_code).toBe(10101);
    expect(ok(await editor.post<unknown[]>('/api/item/myList', { item_group_id: ops.id }))).toEqual([]);

    expect(await owner.post('/api/itemGroup/delete', { id: ops.id })).toEqual({ error_code: 0, data: 1 });
    expect(ok(await owner.post<ItemGroupRow[]>('/api/itemGroup/getList')).map((g) => g.id)).toEqual([backend.id]);
    expect(await owner.post('/api/itemGroup/save', { group_name: '' })).toEqual({ error_code: 10101, error_message: expect.stringContaining('group_name') });
    expect((await owner.post('/api/itemGroup/saveSort', { groups: 'not json' })).error_code).toBe(10101);
  });

  it('opens an item: item/info with item_edit, item_manage and current_page_id; agent/config off', async () => {
    ok(await owner.post('/api/member/save', { item_id: itemId, username: editorName, member_group_id: 1 }));
    page = ok(await owner.post<PageRow>('/api/page/save', { item_id: itemId, page_title: 'Create order', page_content: '# POST /orders' }));

    const info = ok(await owner.post<RegularItemInfo>('/api/item/info', { item_id: itemId, page_id: page.page_id, default_page_id: page.page_id }));
    expectShowdocShape(info, SHOWDOC_SHAPES.itemInfo);
    expect(info).toMatchObject({ item_edit: true, item_manage: true, ItemPermn: true, ItemCreator: true, current_page_id: page.page_id });
    expect(ok(await editor.post<RegularItemInfo>('/api/item/info', { item_id: itemId }))).toMatchObject({ item_edit: true, item_manage: false, current_page_id: 0 });
    const visitor = new ApiClient(target().baseUrl);
    expect(ok(await visitor.post<RegularItemInfo>('/api/item/info', { item_id: itemId }))).toMatchObject({ is_login: false, item_edit: false, item_manage: false });

    const agent = ok(await owner.post('/api/agent/config', { item_id: itemId }));
    expectShowdocShape(agent, SHOWDOC_SHAPES.agentConfig);
    expect(agent).toEqual({ enabled: false, welcome_message: '', can_edit: false, item_type: 1, is_guest: false, dialog_collapsed: 1 });
    expect(ok(await visitor.post('/api/agent/config', { item_id: itemId }))).toMatchObject({ enabled: false, is_guest: true });
    expect((await visitor.post('/api/agent/config', {})).error_code).toBe(10102);
  });

  it('opens a page to edit it: the lock, the catalog paths, the templates, the save, the unlock', async () => {
    const guide = ok(await owner.post<{ cat_id: number }>('/api/catalog/save', { item_id: itemId, cat_name: 'Guide' }));
    const orders = ok(await owner.post<{ cat_id: number }>('/api/catalog/save', { item_id: itemId, cat_name: 'Orders', parent_cat_id: guide.cat_id }));

    // The editor opens: nobody holds the page, so it takes the lock.
    const free = ok(await owner.post<PageLockState>('/api/page/isLock', { page_id: page.page_id, item_id: itemId }));
    expectShowdocShape(free, SHOWDOC_SHAPES.lockState);
    expect(free).toMatchObject({ lock: 0, exceed: 0, lock_uid: '', lock_username: '', is_cur_user: 0 });
    const taken = ok(await owner.post<{ id: number }>('/api/page/setLock', { page_id: page.page_id, item_id: itemId }));
    expect(taken).toEqual({ id: expect.any(Number) });
    expect(ok(await owner.post<PageLockState>('/api/page/isLock', { page_id: page.page_id, item_id: itemId }))).toMatchObject({ lock: 1, lock_uid: ownerUser.uid, is_cur_user: 1 });
    // Its heartbeat renews the same lock.
    expect(ok(await owner.post<{ id: number }>('/api/page/setLock', { page_id: page.page_id, item_id: itemId })).id).toBe(taken.id);

    // The other editor's client sees who holds it and cannot take it.
    expect(ok(await editor.post<PageLockState>('/api/page/isLock', { page_id: page.page_id, item_id: itemId }))).toMatchObject({
      lock: 1,
      lock_uid: ownerUser.uid,
      lock_username: ownerUser.username,
      is_cur_user: 0,
    });
    expect(await editor.post('/api/page/setLock', { page_id: page.page_id, item_id: itemId })).toEqual({
      error_code: 10101,
      error_message: `${ownerUser.username} is editing this page right now`,
    });
    expect((await new ApiClient(target().baseUrl).post('/api/page/setLock', { page_id: page.page_id, item_id: itemId })).error_code).toBe(10102);

    // The editor's catalog select and template button.
    const flat = ok(await owner.post<unknown[]>('/api/catalog/catList', { item_id: itemId }));
    for (const catalog of flat) expectShowdocShape(catalog, SHOWDOC_SHAPES.catalog);
    const named = ok(await owner.post<{ cat_id: number; cat_name: string }[]>('/api/catalog/catListName', { item_id: itemId }));
    for (const catalog of named) expectShowdocShape(catalog, SHOWDOC_SHAPES.catalog);
    expect(named.map((c) => [c.cat_id, c.cat_name])).toEqual([
      [guide.cat_id, 'Guide'],
      [orders.cat_id, 'Guide/Orders'],
    ]);
    expect(named[0]).not.toHaveProperty('sub');
    expect(await owner.post('/api/catalog/catListName', { item_id: 0 })).toEqual({ error_code: 0, data: [] });
    expect(ok(await owner.post<MyTemplateEntry[]>('/api/template/getMyList'))).toEqual([]);

    // Save, then the client unlocks with lock_to in the past.
    const saved = ok(
      await owner.post<PageRow>('/api/page/save', { page_id: page.page_id, item_id: itemId, cat_id: orders.cat_id, page_title: 'Create order', page_content: '# POST /orders\nv2' }),
    );
    expect(saved.cat_id).toBe(orders.cat_id);
    expect(await owner.post('/api/page/setLock', { page_id: page.page_id, item_id: itemId, lock_to: 1000 })).toEqual({ error_code: 0, data: { id: 0 } });
    expect(ok(await editor.post<PageLockState>('/api/page/isLock', { page_id: page.page_id, item_id: itemId }))).toMatchObject({ lock: 0 });

    // Now the other editor takes it; Quire's page/unlock lets it go.
    ok(await editor.post('/api/page/setLock', { page_id: page.page_id, item_id: itemId }));
    expect(await editor.post('/api/page/unlock', { page_id: page.page_id })).toEqual({ error_code: 0, data: [] });
    expect(ok(await owner.post<PageLockState>('/api/page/isLock', { page_id: page.page_id }))).toMatchObject({ lock: 0 });

    // A page belongs to its item: page/save with another item's id is refused, the page stays.
    const moved = await owner.post('/api/page/save', { page_id: page.page_id, item_id: otherItemId, page_title: 'Create order', page_content: 'moved?' });
    expect(moved).toEqual({ error_code: 10101, error_message: 'A page cannot be moved to another item: save it in its own item' });
    expect(ok(await owner.post<{ item_id: number; page_content: string }>('/api/page/info', { page_id: page.page_id }))).toMatchObject({
      item_id: itemId,
      page_content: '# POST /orders\nv2',
    });
  });

  it('locks a page someone is co-editing live for a client that cannot co-edit, and frees it when they leave', async () => {
    // The editor opens the page in Quire's co-editor (a writer); a read-only member would only watch.
    const live = await new CoEditor({ baseUrl: target().baseUrl, cookies: editor.cookies }, page.page_id).ready();
    try {
      const held = await eventually(async () => {
        const state = ok(await owner.post<PageLockState>('/api/page/isLock', { page_id: page.page_id, item_id: itemId }));
        return state.lock === 1 ? state : undefined;
      }, 'the co-edited page to read as locked');
      expectShowdocShape(held, SHOWDOC_SHAPES.lockState);
      expect(held).toEqual({ lock: 1, exceed: 0, lock_uid: expect.any(Number), lock_username: editorName, is_cur_user: 0, live: 1 });
      expect(await owner.post('/api/page/setLock', { page_id: page.page_id, item_id: itemId })).toEqual({ error_code: 10101, error_message: `${editorName} is editing this page right now` });
      // The co-editor itself is not locked out by its own presence.
      expect(ok(await editor.post<PageLockState>('/api/page/isLock', { page_id: page.page_id }))).toMatchObject({ lock: 0 });
    } finally {
      live.destroy();
    }
    await eventually(
      async () => (ok(await owner.post<PageLockState>('/api/page/isLock', { page_id: page.page_id })).lock === 0 ? true : undefined),
      'the page to be free once the co-editor left',
    );
    expect(ok(await owner.post<{ id: number }>('/api/page/setLock', { page_id: page.page_id, item_id: itemId })).id).toBeGreaterThan(0);
    ok(await owner.post('/api/page/unlock', { page_id: page.page_id }));
  });

  it('keeps templates: an empty title is refused with a message, getMyList answers ShowDoc 3.9 fields', async () => {
    expect(await owner.post('/api/template/save', { template_title: '', template_content: 'body' })).toEqual({ error_code: 10101, error_message: 'Please give the template a title' });
    expect(await owner.post('/api/template/save', { template_title: '   ', template_content: 'body' })).toEqual({ error_code: 10101, error_message: 'Please give the template a title' });
    ok(await owner.post('/api/template/save', { template_title: 'Endpoint', template_content: '## Request\n<params>' }));
    const mine = ok(await owner.post<MyTemplateEntry[]>('/api/template/getMyList'));
    expect(mine).toHaveLength(1);
    expectShowdocShape(mine[0], SHOWDOC_SHAPES.myTemplate);
    expect(mine[0]).toMatchObject({ template_title: 'Endpoint', template_content: '## Request\n<params>', share_item: [], share_item_count: 0 });
    expect(ok(await editor.post<unknown[]>('/api/template/getMyList'))).toEqual([]);
  });

  it("answers the header's messages from notices: getUnread, getRemindList, getAnnouncementList, setRead, delete", async () => {
    // Being added to the item sent the editor a notice: a remind message.
    const unread = ok(await editor.post<UnreadMessages>('/api/message/getUnread'));
    expectShowdocShape(unread.remind, SHOWDOC_SHAPES.remind);
    expect(unread.remind).toMatchObject({ message_type: 'remind', status: 0, to_uid: expect.any(Number) });
    expect(unread.announce).toEqual([]);

    const reminds = ok(await editor.post<RemindPage>('/api/message/getRemindList', { page: 1, count: 15 }));
    expect(reminds.total).toBe(1);
    expectShowdocShape(reminds.list[0], SHOWDOC_SHAPES.remind);
    const messageId = reminds.list[0].message_content_id;
    expect(await editor.post('/api/message/setRead', { message_content_id: messageId, from_uid: reminds.list[0].from_uid })).toEqual({ error_code: 0, data: [] });
    expect(ok(await editor.post<UnreadMessages>('/api/message/getUnread')).remind).toEqual([]);
    expect(ok(await editor.post<RemindPage>('/api/message/getRemindList', { page: 1, count: 15 })).list[0].status).toBe(1);
    expect(await editor.post('/api/message/getUnreadRemind')).toEqual({ error_code: 0, data: [] });

    // Someone else's message is not theirs to read.
    expect((await owner.post('/api/message/setRead', { message_content_id: messageId })).error_code).toBe(10101);

    // An administrator's announcement.
    const admin = new ApiClient(target().baseUrl);
    ok(await admin.post('/api/user/login', { username: 'showdoc', password: 'admin-pass' }));
    ok(await admin.post('/api/adminNotice/send', { title: 'Maintenance', content: '<p>Down at 22:00</p>' }));
    const announced = ok(await editor.post<UnreadMessages>('/api/message/getUnread'));
    expectShowdocShape(announced.announce, SHOWDOC_SHAPES.announcement);
    const announcements = ok(await editor.post<AnnouncementMessage[]>('/api/message/getAnnouncementList'));
    expect(announcements[0]).toMatchObject({ message_type: 'announce', status: 0, message_content: '<p>Down at 22:00</p>' });
    ok(await editor.post('/api/message/setRead', { message_content_id: announcements[0].message_content_id }));
    expect(ok(await editor.post<AnnouncementMessage[]>('/api/message/getAnnouncementList'))[0].status).toBe(1);
    expect(ok(await editor.post<UnreadMessages>('/api/message/getUnread')).announce).toEqual([]);

    expect(await editor.post('/api/message/delete', { message_content_id: messageId })).toEqual({ error_code: 0, data: [] });
    expect(ok(await editor.post<RemindPage>('/api/message/getRemindList', {}))).toEqual({ total: 0, list: [] });
    expect((await new ApiClient(target().baseUrl).post('/api/message/getUnread')).error_code).toBe(10102);
  });

  it('honours _item_pwd for that request only, counting wrong ones like item/pwd', async () => {
    ok(await owner.post('/api/item/update', { item_id: otherItemId, password: 'visit-me' }));
    const secret = ok(await owner.post<PageRow>('/api/page/save', { item_id: otherItemId, page_title: 'Runbook', page_content: 'restart it' }));
    const script = new ApiClient(target().baseUrl);
    expect((await script.post('/api/page/info', { page_id: secret.page_id })).error_code).toBe(10303);
    expect(ok(await script.post<{ page_title: string }>('/api/page/info', { page_id: secret.page_id, _item_pwd: 'visit-me' })).page_title).toBe('Runbook');
    expect(ok(await script.post<{ item_name: string }>('/api/item/info', { item_id: otherItemId, _item_pwd: 'visit-me' })).item_name).toBe('Ops &lt;runbook&gt;');
    // The next request without it is locked out again: nothing was remembered.
    expect((await script.post('/api/page/info', { page_id: secret.page_id })).error_code).toBe(10303);
    expect((await script.post('/api/item/info', { item_id: otherItemId })).error_code).toBe(10303);
    // Wrong ones count as failed item/pwd: after ten, item/pwd wants the captcha.
    for (let i = 0; i < 10; i++) expect((await script.post('/api/page/info', { page_id: secret.page_id, _item_pwd: `wrong-${i}` })).error_code).toBe(10303);
    expect((await script.post('/api/item/pwd', { item_id: otherItemId, password: 'visit-me' })).error_code).toBe(10206);
    // and _item_pwd no longer opens the item for that visitor.
    expect((await script.post('/api/page/info', { page_id: secret.page_id, _item_pwd: 'visit-me' })).error_code).toBe(10303);
  });

  it('answers the version and ping as ShowDoc 3.9 does', async () => {
    expect(await owner.get('/api/common/version')).toEqual({ error_code: 0, data: { version: expect.stringMatching(/^v\d+\.\d+\.\d+$/) } });
    for (const path of ['/server/index.php?s=/ping', '/server/ping']) {
      const pong = await new ApiClient(target().baseUrl).request(path);
      expect(pong.status).toBe(200);
      expect(pong.headers.get('content-type')).toMatch(/^application\/json/);
      expect(pong.json()).toEqual({ error_code: 0, data: { pong: true, time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/) } });
    }
  });
}
