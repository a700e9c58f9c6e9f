import { DocumentStore } from '@quire/platform';
import { ErrorCode, type ItemAccess, type ItemListEntry, type ItemRow, type ItemTokenRow, MemberGroup, Subject } from '@quire/proto';
import type { ContextApp } from '@quire/testing';
import { ItemRepository } from '../src/item/item.repository';
import { PENDING_ITEM_GRACE_SECONDS } from '../src/maintenance/maintenance.service';
import { bootItemApp, failure, ItemWorld, type User } from './item.factory';

describe('item service: items', () => {
  let ctx: ContextApp;
  let world: ItemWorld;
  let owner: User;
  let other: User;

  beforeAll(async () => {
    ctx = await bootItemApp();
    world = new ItemWorld(ctx);
    owner = await world.user();
    other = await world.user();
  });

  afterAll(() => ctx.close());

  describe('item/add', () => {
    it('creates a regular item owned by the caller and answers its id', async () => {
      const added = await world.send<{ item_id: number }>(Subject.ItemItemAdd, owner, {
        item_name: '  API <docs>  ',
        item_description: 'All "our" APIs',
        item_type: '1',
        item_domain: 'apidocs',
      });
      expect(added).toEqual({ item_id: expect.any(Number) });
      const detail = await world.send<ItemRow>(Subject.ItemItemDetail, owner, { item_id: added.item_id });
      expect(detail).toMatchObject({
        item_id: added.item_id,
        item_name: 'API &lt;docs&gt;',
        item_description: 'All &quot;our&quot; APIs',
        uid: owner.uid,
        username: owner.username,
        password: '',
        item_domain: 'apidocs',
        item_type: 1,
        is_archived: 0,
        is_del: 0,
      });
      expect((await world.stored(added.item_id))?.item_name).toBe('API <docs>');
    });

    it('creates the first page of a single-page item, titled like the item', async () => {
      const itemId = await world.item(owner, { type: 2, name: 'Release notes' });
      const info = await world.send<{ item_type: number; menu: { pages: { page_title: string; page_content: string } } }>(Subject.ItemItemInfo, owner, { item_id: itemId });
      expect(info.item_type).toBe(2);
      expect(info.menu.pages.page_title).toBe('Release notes');
    });

    it('requires a name (10100) and stores nothing', async () => {
      const before = (await world.send<ItemListEntry[]>(Subject.ItemItemMyList, owner)).length;
      expect(await failure(world.send(Subject.ItemItemAdd, owner, {}))).toEqual({ code: ErrorCode.Validation, key: 'item_name_required' });
      expect(await failure(world.send(Subject.ItemItemAdd, owner, { item_name: '   ' }))).toEqual({ code: ErrorCode.Validation, key: 'item_name_required' });
      expect(await world.send<ItemListEntry[]>(Subject.ItemItemMyList, owner)).toHaveLength(before);
    });

    it('refuses a 1 MB name, an unknown type and non-numeric ids', async () => {
      expect(await failure(world.send(Subject.ItemItemAdd, owner, { item_name: 'x'.repeat(1024 * 1024) }))).toEqual({ code: ErrorCode.Failed, key: 'param_too_long' });
      expect(await failure(world.send(Subject.ItemItemAdd, owner, { item_name: 'x', item_type: 3 }))).toEqual({ code: ErrorCode.Failed, key: 'param_not_one_of' });
      expect(await failure(world.send(Subject.ItemItemAdd, owner, { item_name: 'x', item_type: 'abc' }))).toEqual({ code: ErrorCode.Failed, key: 'param_not_integer' });
      expect(await failure(world.send(Subject.ItemItemAdd, owner, { item_name: 'x', copy_item_id: 'abc' }))).toEqual({ code: ErrorCode.Failed, key: 'param_not_integer' });
    });

    it('checks the personal domain: letters and digits, not a number (10305), unique even among deleted items (10304)', async () => {
      for (const domain of ['my-docs', 'a b', '12345', '1e5', 'dök']) {
        expect(await failure(world.send(Subject.ItemItemAdd, owner, { item_name: 'x', item_domain: domain }))).toEqual({ code: ErrorCode.DomainInvalid, key: 'item_domain_invalid' });
      }
      const itemId = await world.item(owner, { domain: 'taken1' });
      expect(await failure(world.send(Subject.ItemItemAdd, other, { item_name: 'x', item_domain: 'taken1' }))).toEqual({ code: ErrorCode.DomainTaken, key: 'item_domain_taken' });
      await world.setStored(itemId, { is_del: 1, del_time: Math.floor(Date.now() / 1000) });
      expect(await failure(world.send(Subject.ItemItemAdd, other, { item_name: 'x', item_domain: 'taken1' }))).toEqual({ code: ErrorCode.DomainTaken, key: 'item_domain_taken' });
    });

    it('copies an item the caller may edit: fields, members, catalogs and pages', async () => {
      const reader = await world.user();
      const editor = await world.user();
      const source = await world.item(owner, { name: 'Source', password: 'pw' });
      await world.member(source, reader, MemberGroup.ReadOnly);
      await world.member(source, editor, MemberGroup.Edit);
      const catId = await world.catalog(owner, source, 'Guides');
      await world.page(owner, source, 'Intro', { cat_id: catId });
      await world.page(owner, source, 'Root page');

      const { item_id: copy } = await world.send<{ item_id: number }>(Subject.ItemItemAdd, editor, { item_name: 'Copy', copy_item_id: source });
      const stored = await world.stored(copy);
      expect(stored).toMatchObject({ item_name: 'Copy', uid: editor.uid, password: 'pw' });
      // The reader came along, the copier is the creator, the source's creator did not join.
      const readerAccess = await world.send<ItemAccess>(Subject.ItemAccessCheck, reader, { item_id: copy });
      expect(readerAccess).toMatchObject({ visit: true, edit: false });
      expect(await world.send<ItemAccess>(Subject.ItemAccessCheck, owner, { item_id: copy })).toMatchObject({ visit: false, creator: false });
      const info = await world.send<{ menu: { pages: { page_title: string }[]; catalogs: { cat_name: string; pages: { page_title: string }[] }[] } }>(Subject.ItemItemInfo, editor, {
        item_id: copy,
      });
      expect(info.menu.pages.map((p) => p.page_title)).toEqual(['Root page']);
      expect(info.menu.catalogs.map((c) => [c.cat_name, c.pages.map((p) => p.page_title)])).toEqual([['Guides', ['Intro']]]);
    });

    it('refuses to copy an item the caller may not edit (10103), and creates nothing', async () => {
      const reader = await world.user();
      const source = await world.item(owner);
      await world.member(source, reader, MemberGroup.ReadOnly);
      const deleted = await world.item(owner);
      await world.setStored(deleted, { is_del: 1, del_time: Math.floor(Date.now() / 1000) });
      for (const [caller, from] of [
        [reader, source],
        [other, source],
        [owner, deleted],
        [owner, 999999],
      ] as const) {
        expect(await failure(world.send(Subject.ItemItemAdd, caller, { item_name: 'Copy', copy_item_id: from }))).toEqual({ code: ErrorCode.NoPermission, key: 'no_permission' });
      }
      expect(await world.send<ItemListEntry[]>(Subject.ItemItemMyList, reader)).toEqual([expect.objectContaining({ item_id: source })]);
    });

    it('needs a login', async () => {
      expect(await failure(world.send(Subject.ItemItemAdd, { ...other, uid: 0 }, { item_name: 'x' }))).toEqual({ code: ErrorCode.NotLoggedIn, key: 'not_logged_in' });
    });
  });

  describe('item/myList and item/sort', () => {
    it('lists created and member items by id, without visit passwords, deleted ones left out', async () => {
      const me = await world.user();
      const mine = await world.item(me, { name: 'Mine', password: 'secret' });
      const theirs = await world.item(other, { name: 'Theirs' });
      await world.member(theirs, me, MemberGroup.ReadOnly);
      const gone = await world.item(me, { name: 'Gone' });
      await world.setStored(gone, { is_del: 1, del_time: Math.floor(Date.now() / 1000) });
      await world.item(other, { name: 'Not mine' });

      const list = await world.send<ItemListEntry[]>(Subject.ItemItemMyList, me);
      expect(list.map((i) => [i.item_id, i.item_name, i.creator, i.is_private])).toEqual([
        [mine, 'Mine', 1, 1],
        [theirs, 'Theirs', 0, 0],
      ]);
      expect(list[0]).not.toHaveProperty('password');
      expect(list[0]).not.toHaveProperty('s_number');
    });

    it('applies the saved order; items missing from it come first', async () => {
      const me = await world.user();
      const [a, b, c] = [await world.item(me, { name: 'a' }), await world.item(me, { name: 'b' }), await world.item(me, { name: 'c' })];
      expect(await world.send(Subject.ItemItemSort, me, { data: JSON.stringify({ [a]: 2, [b]: 1 }) })).toEqual([]);
      const list = await world.send<ItemListEntry[]>(Subject.ItemItemMyList, me);
      expect(list.map((i) => [i.item_id, i.s_number])).toEqual([
        [c, 0],
        [b, 1],
        [a, 2],
      ]);
      // A new save replaces the old one.
      await world.send(Subject.ItemItemSort, me, { data: JSON.stringify({ [c]: 3, [b]: 2, [a]: 1 }) });
      expect((await world.send<ItemListEntry[]>(Subject.ItemItemMyList, me)).map((i) => i.item_id)).toEqual([a, b, c]);
    });

    it('refuses malformed sort data with a clear message and keeps the saved order', async () => {
      const me = await world.user();
      const a = await world.item(me);
      await world.send(Subject.ItemItemSort, me, { data: JSON.stringify({ [a]: 5 }) });
      for (const data of ['{', '[1]', '{"x":1}', '{"3":"top"}', '{"3":1.5}']) {
        expect(await failure(world.send(Subject.ItemItemSort, me, { data }))).toEqual({ code: ErrorCode.Failed, key: 'item_sort_invalid' });
      }
      expect(await failure(world.send(Subject.ItemItemSort, me, {}))).toEqual({ code: ErrorCode.Failed, key: 'param_required' });
      expect((await world.send<ItemListEntry[]>(Subject.ItemItemMyList, me))[0].s_number).toBe(5);
    });

    it('answers an empty list to a user without items', async () => {
      expect(await world.send(Subject.ItemItemMyList, await world.user())).toEqual([]);
    });
  });

  describe('item/detail and item/update', () => {
    it('shows the creator the full row, visit password included, never api tokens', async () => {
      const itemId = await world.item(owner, { password: 'visit-me' });
      const detail = await world.send<ItemRow>(Subject.ItemItemDetail, owner, { item_id: itemId });
      expect(detail.password).toBe('visit-me');
      expect(Object.keys(detail).sort()).toEqual(
        ['addtime', 'is_archived', 'is_del', 'item_description', 'item_domain', 'item_id', 'item_name', 'item_type', 'last_update_time', 'password', 'uid', 'username'].sort(),
      );
    });

    it('answers missing, non-numeric, negative, deleted and foreign ids with their codes', async () => {
      const deleted = await world.item(owner);
      await world.setStored(deleted, { is_del: 1, del_time: Math.floor(Date.now() / 1000) });
      const theirs = await world.item(other);
      expect(await failure(world.send(Subject.ItemItemDetail, owner, {}))).toEqual({ code: ErrorCode.Failed, key: 'param_required' });
      expect(await failure(world.send(Subject.ItemItemDetail, owner, { item_id: 'abc' }))).toEqual({ code: ErrorCode.Failed, key: 'param_not_integer' });
      expect(await failure(world.send(Subject.ItemItemDetail, owner, { item_id: -4 }))).toEqual({ code: ErrorCode.Failed, key: 'param_out_of_range' });
      expect(await failure(world.send(Subject.ItemItemDetail, owner, { item_id: deleted }))).toEqual({ code: ErrorCode.Failed, key: 'item_not_exist' });
      expect(await failure(world.send(Subject.ItemItemDetail, owner, { item_id: theirs }))).toEqual({ code: ErrorCode.NotCreator, key: 'item_not_creator' });
    });

    it('changes the fields sent and keeps the ones left out', async () => {
      const itemId = await world.item(owner, { name: 'Old', password: 'pw', domain: 'olddomain' });
      expect(await world.send(Subject.ItemItemUpdate, owner, { item_id: itemId, item_name: 'New', item_description: 'Desc' })).toBe(1);
      expect(await world.stored(itemId)).toMatchObject({ item_name: 'New', item_description: 'Desc', password: 'pw', item_domain: 'olddomain' });
      // An explicit empty password makes the item public; an empty domain frees it.
      await world.send(Subject.ItemItemUpdate, owner, { item_id: itemId, password: '', item_domain: '' });
      const stored = await world.stored(itemId);
      expect(stored?.password).toBe('');
      expect(stored?.item_domain).toBeUndefined();
      await world.item(other, { domain: 'olddomain' });
    });

    it('applies the domain rules and refuses an empty name', async () => {
      const itemId = await world.item(owner, { domain: 'keepme' });
      await world.item(other, { domain: 'hisdomain' });
      expect(await failure(world.send(Subject.ItemItemUpdate, owner, { item_id: itemId, item_domain: 'bad!' }))).toEqual({ code: ErrorCode.DomainInvalid, key: 'item_domain_invalid' });
      expect(await failure(world.send(Subject.ItemItemUpdate, owner, { item_id: itemId, item_domain: 'hisdomain' }))).toEqual({ code: ErrorCode.DomainTaken, key: 'item_domain_taken' });
      expect(await failure(world.send(Subject.ItemItemUpdate, owner, { item_id: itemId, item_name: '' }))).toEqual({ code: ErrorCode.Validation, key: 'item_name_required' });
      // Its own domain is not "taken".
      expect(await world.send(Subject.ItemItemUpdate, owner, { item_id: itemId, item_domain: 'keepme' })).toBe(1);
      expect((await world.stored(itemId))?.item_domain).toBe('keepme');
    });

    it('refuses to change an archived item', async () => {
      const itemId = await world.item(owner, { name: 'Frozen' });
      await world.setStored(itemId, { is_archived: 1 });
      expect(await failure(world.send(Subject.ItemItemUpdate, owner, { item_id: itemId, item_name: 'Thawed' }))).toEqual({ code: ErrorCode.Failed, key: 'item_archived_read_only' });
      expect((await world.stored(itemId))?.item_name).toBe('Frozen');
    });
  });

  describe('item/exitItem', () => {
    it('lets a member leave, which ends their access at once', async () => {
      const member = await world.user();
      const itemId = await world.item(owner, { password: 'pw' });
      await world.member(itemId, member, MemberGroup.Edit);
      expect(await world.send(Subject.ItemItemExit, member, { item_id: itemId })).toEqual([]);
      expect(await world.send<ItemAccess>(Subject.ItemAccessCheck, member, { item_id: itemId })).toMatchObject({ visit: false, edit: false });
      expect(await failure(world.send(Subject.ItemItemExit, member, { item_id: itemId }))).toEqual({ code: ErrorCode.Failed, key: 'item_not_member' });
    });

    it('answers 10101 for the creator, a missing item and a bad id', async () => {
      const itemId = await world.item(owner);
      expect(await failure(world.send(Subject.ItemItemExit, owner, { item_id: itemId }))).toEqual({ code: ErrorCode.Failed, key: 'item_not_member' });
      expect(await failure(world.send(Subject.ItemItemExit, owner, { item_id: 999999 }))).toEqual({ code: ErrorCode.Failed, key: 'item_not_exist' });
      expect(await failure(world.send(Subject.ItemItemExit, owner, { item_id: 'x' }))).toEqual({ code: ErrorCode.Failed, key: 'param_not_integer' });
    });
  });

  describe('item/getKey and item/resetKey', () => {
    it('makes the credentials once and resets both key and token', async () => {
      const itemId = await world.item(owner);
      const first = await world.send<ItemTokenRow>(Subject.ItemItemGetKey, owner, { item_id: itemId });
      expect(first).toMatchObject({ item_id: itemId, api_key: expect.stringMatching(/^[0-9a-f]{32}\d+$/), api_token: expect.stringMatching(/^[0-9a-f]{32}\d+$/) });
      expect(await world.send(Subject.ItemItemGetKey, owner, { item_id: itemId })).toEqual(first);
      const reset = await world.send<ItemTokenRow>(Subject.ItemItemResetKey, owner, { item_id: itemId });
      expect(reset.api_key).not.toBe(first.api_key);
      expect(reset.api_token).not.toBe(first.api_token);
      expect(await world.send(Subject.ItemItemGetKey, owner, { item_id: itemId })).toEqual(reset);
    });

    it('resets an item that never had credentials', async () => {
      const itemId = await world.item(owner);
      expect(await world.send<ItemTokenRow>(Subject.ItemItemResetKey, owner, { item_id: itemId })).toMatchObject({ item_id: itemId });
    });

    it('is for the creator only', async () => {
      const itemId = await world.item(owner);
      expect(await failure(world.send(Subject.ItemItemGetKey, other, { item_id: itemId }))).toEqual({ code: ErrorCode.NotCreator, key: 'item_not_creator' });
      expect(await failure(world.send(Subject.ItemItemResetKey, other, { item_id: itemId }))).toEqual({ code: ErrorCode.NotCreator, key: 'item_not_creator' });
      expect(await failure(world.send(Subject.ItemItemGetKey, owner, { item_id: 0 }))).toEqual({ code: ErrorCode.Failed, key: 'param_required' });
    });
  });

  describe('internal handlers', () => {
    it('item.item.touch bumps last_update_time of a live item only', async () => {
      const itemId = await world.item(owner);
      await world.setStored(itemId, { last_update_time: 5 });
      expect(await world.send(Subject.ItemItemTouch, owner, { item_id: itemId })).toEqual({ updated: true });
      expect((await world.stored(itemId))?.last_update_time).toBeGreaterThan(5);
      expect(await world.send(Subject.ItemItemTouch, owner, { item_id: 999999 })).toEqual({ updated: false });
    });

    it('item.item.rename renames the item', async () => {
      const itemId = await world.item(owner, { type: 2, name: 'Before' });
      expect(await world.send(Subject.ItemItemRename, owner, { item_id: itemId, item_name: 'After' })).toEqual({ updated: true });
      expect((await world.stored(itemId))?.item_name).toBe('After');
    });

    it('saving the page of a single-page item renames the item through the page service', async () => {
      const itemId = await world.item(owner, { type: 2, name: 'Before' });
      const info = await world.send<{ menu: { pages: { page_id: number } } }>(Subject.ItemItemInfo, owner, { item_id: itemId });
      await world.send(Subject.PagePageSave, owner, { item_id: itemId, page_id: info.menu.pages.page_id, page_title: 'Renamed', page_content: 'x' });
      expect((await world.stored(itemId))?.item_name).toBe('Renamed');
    });

    it('item.access.check answers no rights for a missing item', async () => {
      expect(await world.send<ItemAccess>(Subject.ItemAccessCheck, owner, { item_id: 999999 })).toEqual({
        item_id: 999999,
        exists: false,
        item_name: '',
        item_description: '',
        item_type: 1,
        visit: false,
        edit: false,
        creator: false,
        archived: false,
        private: false,
      });
    });
  });

  describe('item.maintenance.purge', () => {
    it('removes items deleted more than 30 days ago with their pages, members and keys; keeps recent ones', async () => {
      const member = await world.user();
      const old = await world.item(owner, { domain: 'oldgone' });
      await world.page(owner, old, 'Old page');
      await world.member(old, member, MemberGroup.Edit);
      await world.send(Subject.ItemItemGetKey, owner, { item_id: old });
      const recent = await world.item(owner);
      const now = Math.floor(Date.now() / 1000);
      await world.setStored(old, { is_del: 1, del_time: now - 31 * 24 * 3600 });
      await world.setStored(recent, { is_del: 1, del_time: now - 29 * 24 * 3600 });

      expect(await world.send(Subject.ItemMaintenancePurge, owner)).toEqual({ purged: 1 });
      expect(await world.stored(old)).toBeNull();
      expect(await world.stored(recent)).not.toBeNull();
      const store = ctx.app.get(DocumentStore);
      expect(await store.collection<{ item_id: number }>('pages').count({ item_id: old })).toBe(0);
      expect(await store.collection<{ item_id: number }>('item_members').count({ item_id: old })).toBe(0);
      expect(await store.collection<{ item_id: number }>('item_tokens').count({ item_id: old })).toBe(0);
      // The domain is free again.
      await world.item(other, { domain: 'oldgone' });
    });

    it('sweeps a copy left pending by a dead process after the grace period, with what it held; a younger one stays hidden', async () => {
      const admin = await world.user({ groupid: 1 });
      const member = await world.user();
      const source = await world.item(owner, { name: 'Handbook' });
      await world.page(owner, source, 'Chapter');
      const now = Math.floor(Date.now() / 1000);
      // What a copy killed before its last write leaves: a pending row, its members, catalogs and pages.
      const pendingCopy = async (name: string, startedAt: number): Promise<number> => {
        const row = await ctx.app.get(ItemRepository).create({
          item_name: name,
          item_description: '',
          uid: owner.uid,
          username: owner.username,
          password: '',
          item_domain: '',
          item_type: 1,
          now: startedAt,
          pending: true,
        });
        await world.member(row.item_id, member, MemberGroup.Edit);
        await world.send(Subject.PageItemCopy, owner, { from_item_id: source, to_item_id: row.item_id });
        return row.item_id;
      };
      const abandoned = await pendingCopy('Abandoned half-copy', now - PENDING_ITEM_GRACE_SECONDS - 60);
      const underWay = await pendingCopy('Half-copy under way', now - 60);

      for (const itemId of [abandoned, underWay]) {
        for (const caller of [owner, member]) {
          expect((await world.send<ItemListEntry[]>(Subject.ItemItemMyList, caller)).map((i) => i.item_id)).not.toContain(itemId);
          expect(await failure(world.send(Subject.ItemItemInfo, caller, { item_id: itemId }))).toEqual({ code: ErrorCode.Failed, key: 'item_not_exist' });
        }
        expect(await failure(world.send(Subject.ItemItemDetail, owner, { item_id: itemId }))).toEqual({ code: ErrorCode.Failed, key: 'item_not_exist' });
      }
      const console = await world.send<{ total: number; items: { item_id: number }[] }>(Subject.ItemAdminList, admin, { item_name: 'half-copy', page: 1, count: 20 });
      expect(console).toEqual({ total: 0, items: [] });

      expect(await world.send(Subject.ItemMaintenancePurge, owner)).toEqual({ purged: 1 });
      const store = ctx.app.get(DocumentStore);
      expect(await world.stored(abandoned)).toBeNull();
      expect(await store.collection<{ item_id: number }>('pages').count({ item_id: abandoned })).toBe(0);
      expect(await store.collection<{ item_id: number }>('item_members').count({ item_id: abandoned })).toBe(0);
      expect(await world.stored(underWay)).toMatchObject({ pending: 1, is_del: 1 });
      expect(await store.collection<{ item_id: number }>('pages').count({ item_id: underWay })).toBe(1);
      expect(await store.collection<{ item_id: number }>('pages').count({ item_id: source })).toBe(1);
    });
  });
});
