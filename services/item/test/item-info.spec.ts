import { ErrorCode, type Menu, MemberGroup, Subject } from '@quire/proto';
import { type ContextApp, testCaller } from '@quire/testing';
import { bootItemApp, failure, ItemWorld, type User } from './item.factory';

interface RegularInfo {
  item_id: number;
  item_domain: string;
  is_archived: number;
  item_name: string;
  default_page_id: string;
  default_cat_id2: number;
  default_cat_id3: number;
  default_cat_id4: number;
  unread_count: number;
  item_type: number;
  menu: Menu;
  is_login: boolean;
  ItemPermn: boolean;
  ItemCreator: boolean;
}

describe('item service: item/info', () => {
  let ctx: ContextApp;
  let world: ItemWorld;
  let owner: User;

  beforeAll(async () => {
    ctx = await bootItemApp();
    world = new ItemWorld(ctx);
    owner = await world.user();
  });

  afterAll(() => ctx.close());

  it('answers the [ERA] shape of a regular item with its nested menu and the default page catalogs', async () => {
    const itemId = await world.item(owner, { name: 'Docs & <Co>', domain: 'docsco' });
    const top = await world.catalog(owner, itemId, 'Top');
    const middle = await world.catalog(owner, itemId, 'Middle', top);
    const bottom = await world.catalog(owner, itemId, 'Bottom', middle);
    const deep = await world.page(owner, itemId, 'Deep page', { cat_id: bottom });
    await world.page(owner, itemId, 'Root page');

    const info = await world.send<RegularInfo>(Subject.ItemItemInfo, owner, { item_id: itemId, default_page_id: deep.page_id });
    expect(Object.keys(info)).toEqual([
      'item_id',
      'item_domain',
      'is_archived',
      'item_name',
      'default_page_id',
      'default_cat_id2',
      'default_cat_id3',
      'default_cat_id4',
      'unread_count',
      'item_type',
      'menu',
      'is_login',
      'ItemPermn',
      'ItemCreator',
      // ShowDoc 3.x's, after the [ERA] ones
      'item_edit',
      'item_manage',
      'current_page_id',
    ]);
    expect(info).toMatchObject({
      item_id: itemId,
      item_domain: 'docsco',
      is_archived: 0,
      item_name: 'Docs &amp; &lt;Co&gt;',
      default_page_id: String(deep.page_id),
      default_cat_id2: top,
      default_cat_id3: middle,
      default_cat_id4: bottom,
      unread_count: 0,
      item_type: 1,
      is_login: true,
      ItemPermn: true,
      ItemCreator: true,
    });
    expect(info.menu.pages.map((p) => p.page_title)).toEqual(['Root page']);
    expect(info.menu.catalogs[0].catalogs?.[0].catalogs?.[0].pages.map((p) => p.page_title)).toEqual(['Deep page']);
  });

  it('without a default page opens no catalog', async () => {
    const itemId = await world.item(owner);
    const info = await world.send<RegularInfo>(Subject.ItemItemInfo, owner, { item_id: itemId });
    expect(info).toMatchObject({ default_page_id: '0', default_cat_id2: 0, default_cat_id3: 0, default_cat_id4: 0, menu: { pages: [], catalogs: [] } });
  });

  it('searches titles and contents with a keyword: flat hits, no catalogs, default catalogs still found', async () => {
    const itemId = await world.item(owner);
    const cat = await world.catalog(owner, itemId, 'Guides');
    const hit = await world.page(owner, itemId, 'Install guide', { cat_id: cat });
    await world.page(owner, itemId, 'Other', { page_content: 'see the INSTALL notes' });
    await world.page(owner, itemId, 'Unrelated');
    const info = await world.send<RegularInfo>(Subject.ItemItemInfo, owner, { item_id: itemId, keyword: 'install', default_page_id: hit.page_id });
    expect(info.menu.catalogs).toEqual([]);
    expect(info.menu.pages.map((p) => p.page_title).sort()).toEqual(['Install guide', 'Other']);
    expect(info.default_cat_id2).toBe(cat);
  });

  describe('keyword hits, from the search index', () => {
    const hits = async (caller: User, itemId: number, keyword: string) =>
      (await world.send<RegularInfo>(Subject.ItemItemInfo, caller, { item_id: itemId, keyword })).menu.pages.map((page) => page.page_title);

    it('finds a Chinese word in the middle of a sentence and an English word by its stem, title hits first', async () => {
      const itemId = await world.item(owner);
      await world.page(owner, itemId, '接口说明', { page_content: '本接口用于查询订单状态，并返回订单编号。' });
      await world.page(owner, itemId, 'Nightly reports', { page_content: 'The data is exported every night.' });
      await world.page(owner, itemId, 'Export settings', { page_content: 'Choose a format.' });
      await world.page(owner, itemId, 'Unrelated', { page_content: 'Nothing to see here.' });
      const elsewhere = await world.item(owner);
      await world.page(owner, elsewhere, 'Other export', { page_content: '订单' });

      expect(await hits(owner, itemId, '订单')).toEqual(['接口说明']);
      expect(await hits(owner, itemId, 'export')).toEqual(['Export settings', 'Nightly reports']);
      expect(await hits(owner, itemId, 'exporting')).toEqual(['Export settings', 'Nightly reports']);
      expect(await hits(owner, itemId, 'no such words')).toEqual([]);
    });

    it('finds a page by what was saved last at the very next request, and a deleted page no more', async () => {
      const itemId = await world.item(owner);
      const page = await world.page(owner, itemId, 'Refunds', { page_content: 'Refunds take three days.' });
      expect(await hits(owner, itemId, 'refund')).toEqual(['Refunds']);

      await world.page(owner, itemId, 'Refunds', { page_id: page.page_id, page_content: 'Chargebacks are handled by the bank.' });
      expect(await hits(owner, itemId, 'chargeback')).toEqual(['Refunds']);
      expect(await hits(owner, itemId, 'three days')).toEqual([]);
      await world.send(Subject.PagePageDelete, owner, { page_id: page.page_id });
      expect(await hits(owner, itemId, 'chargeback')).toEqual([]);
      expect(await hits(owner, itemId, 'refund')).toEqual([]);
    });

    it('keeps the shape of item/info: the same fields, flat pages with the menu fields, no catalogs', async () => {
      const itemId = await world.item(owner, { name: 'Shop & <Co>' });
      const cat = await world.catalog(owner, itemId, 'Orders');
      const page = await world.page(owner, itemId, 'Order <list>', { cat_id: cat, page_content: 'GET /orders' });
      const plain = await world.send<RegularInfo>(Subject.ItemItemInfo, owner, { item_id: itemId });
      const found = await world.send<RegularInfo>(Subject.ItemItemInfo, owner, { item_id: itemId, keyword: 'orders', default_page_id: page.page_id });
      expect(Object.keys(found)).toEqual(Object.keys(plain));
      expect(found).toMatchObject({ item_name: 'Shop &amp; &lt;Co&gt;', default_page_id: String(page.page_id), default_cat_id2: cat, is_login: true, ItemPermn: true, ItemCreator: true });
      expect(found.menu).toEqual({
        pages: [{ page_id: page.page_id, author_uid: owner.uid, cat_id: cat, page_title: 'Order &lt;list&gt;', addtime: expect.any(Number) }],
        catalogs: [],
      });
    });

    it('answers 10303 to a stranger searching a private item, as without a keyword', async () => {
      const itemId = await world.item(owner, { password: 'secret' });
      await world.page(owner, itemId, 'Secret plans', { page_content: 'hidden' });
      const stranger = await world.user();
      expect(await failure(world.send(Subject.ItemItemInfo, stranger, { item_id: itemId, keyword: 'secret' }))).toEqual({
        code: ErrorCode.NotCreator,
        key: 'item_visit_password_required',
      });
    });
  });

  it('finds an item by its personal domain, as item_id or item_domain', async () => {
    const itemId = await world.item(owner, { domain: 'finder' });
    expect((await world.send<RegularInfo>(Subject.ItemItemInfo, owner, { item_id: 'finder' })).item_id).toBe(itemId);
    expect((await world.send<RegularInfo>(Subject.ItemItemInfo, owner, { item_domain: 'finder' })).item_id).toBe(itemId);
  });

  it('answers the single-page shape: one page object and current_page_id', async () => {
    const itemId = await world.item(owner, { type: 2, name: 'Solo' });
    const info = await world.send<{ item_type: number; current_page_id: number; menu: { pages: { page_id: number; page_title: string; page_content: string } } }>(
      Subject.ItemItemInfo,
      owner,
      { item_id: itemId, page_id: 7 },
    );
    expect(info).toMatchObject({ item_type: 2, current_page_id: 7, unread_count: 0, is_login: true, ItemPermn: true, ItemCreator: true, item_edit: true, item_manage: true });
    expect(Array.isArray(info.menu.pages)).toBe(false);
    expect(info.menu.pages).toMatchObject({ page_title: 'Solo', page_content: expect.any(String) });
  });

  it('reports an archived item as read-only to its creator', async () => {
    const itemId = await world.item(owner);
    await world.setStored(itemId, { is_archived: 1 });
    expect(await world.send<RegularInfo>(Subject.ItemItemInfo, owner, { item_id: itemId })).toMatchObject({
      is_archived: 1,
      ItemPermn: false,
      ItemCreator: true,
      item_edit: false,
      item_manage: false,
    });
  });

  it('tells an anonymous reader of a public item that nobody is logged in', async () => {
    const itemId = await world.item(owner);
    expect(await world.send<RegularInfo>(Subject.ItemItemInfo, testCaller(), { item_id: itemId })).toMatchObject({
      is_login: false,
      ItemPermn: false,
      ItemCreator: false,
      item_edit: false,
      item_manage: false,
      current_page_id: 0,
    });
  });

  it('checks the visit right before existence: 10303 for a locked private item, even a deleted one; 10101 otherwise', async () => {
    const privateItem = await world.item(owner, { password: 'pw' });
    const deletedPrivate = await world.item(owner, { password: 'pw' });
    const deletedPublic = await world.item(owner);
    const now = Math.floor(Date.now() / 1000);
    await world.setStored(deletedPrivate, { is_del: 1, del_time: now });
    await world.setStored(deletedPublic, { is_del: 1, del_time: now });
    const locked = { code: ErrorCode.NotCreator, key: 'item_visit_password_required' };
    const missing = { code: ErrorCode.Failed, key: 'item_not_exist' };
    expect(await failure(world.send(Subject.ItemItemInfo, testCaller(), { item_id: privateItem }))).toEqual(locked);
    expect(await failure(world.send(Subject.ItemItemInfo, testCaller(), { item_id: deletedPrivate }))).toEqual(locked);
    expect(await failure(world.send(Subject.ItemItemInfo, owner, { item_id: deletedPrivate }))).toEqual(missing);
    expect(await failure(world.send(Subject.ItemItemInfo, testCaller(), { item_id: deletedPublic }))).toEqual(missing);
    expect(await failure(world.send(Subject.ItemItemInfo, testCaller(), { item_id: 999999 }))).toEqual(missing);
    expect(await failure(world.send(Subject.ItemItemInfo, testCaller(), { item_id: 'nosuchdomain' }))).toEqual(missing);
    expect(await failure(world.send(Subject.ItemItemInfo, testCaller(), {}))).toEqual(missing);
    expect(await failure(world.send(Subject.ItemItemInfo, testCaller(), { item_id: 'x'.repeat(100) }))).toEqual({ code: ErrorCode.Failed, key: 'param_too_long' });
  });

  it('lets a read-only member of a private item read it without the password', async () => {
    const reader = await world.user();
    const itemId = await world.item(owner, { password: 'pw' });
    await world.member(itemId, reader, MemberGroup.ReadOnly);
    expect(await world.send<RegularInfo>(Subject.ItemItemInfo, reader, { item_id: itemId })).toMatchObject({ ItemPermn: false, ItemCreator: false });
  });
});
