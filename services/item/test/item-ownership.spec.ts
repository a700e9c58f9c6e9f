import { ErrorCode, type ItemListEntry, type ItemRow, type ItemTokenRow, MemberGroup, Subject } from '@quire/proto';
import { type ContextApp, testCaller } from '@quire/testing';
import { bootItemApp, failure, ItemWorld, type User } from './item.factory';

describe('item service: delete, archive and attorn', () => {
  let ctx: ContextApp;
  let world: ItemWorld;
  let owner: User;
  const wrongPassword = { code: ErrorCode.WrongPassword, key: 'item_owner_password_incorrect' };

  beforeAll(async () => {
    ctx = await bootItemApp();
    world = new ItemWorld(ctx);
    owner = await world.user();
  });

  afterAll(() => ctx.close());

  describe('item/delete', () => {
    it('soft-deletes with the owner login password: gone from lists and info at once', async () => {
      const itemId = await world.item(owner, { name: 'Doomed' });
      expect(await failure(world.send(Subject.ItemItemDelete, owner, { item_id: itemId, password: 'wrong' }))).toEqual(wrongPassword);
      expect(await failure(world.send(Subject.ItemItemDelete, owner, { item_id: itemId }))).toEqual(wrongPassword);
      expect((await world.stored(itemId))?.is_del).toBe(0);

      expect(await world.send(Subject.ItemItemDelete, owner, { item_id: itemId, password: owner.password })).toBe(1);
      expect(await world.stored(itemId)).toMatchObject({ is_del: 1, del_time: expect.any(Number) });
      expect((await world.send<ItemListEntry[]>(Subject.ItemItemMyList, owner)).map((i) => i.item_id)).not.toContain(itemId);
      expect(await failure(world.send(Subject.ItemItemInfo, testCaller(), { item_id: itemId }))).toEqual({ code: ErrorCode.Failed, key: 'item_not_exist' });
      expect(await failure(world.send(Subject.ItemItemDelete, owner, { item_id: itemId, password: owner.password }))).toEqual({ code: ErrorCode.Failed, key: 'item_not_exist' });
    });

    it('allows deleting an archived item', async () => {
      const itemId = await world.item(owner);
      await world.send(Subject.ItemItemArchive, owner, { item_id: itemId, password: owner.password });
      expect(await world.send(Subject.ItemItemDelete, owner, { item_id: itemId, password: owner.password })).toBe(1);
    });

    it('refuses an edit member, even with their own password', async () => {
      const editor = await world.user();
      const itemId = await world.item(owner);
      await world.member(itemId, editor, MemberGroup.Edit);
      expect(await failure(world.send(Subject.ItemItemDelete, editor, { item_id: itemId, password: editor.password }))).toEqual({ code: ErrorCode.NotCreator, key: 'item_not_creator' });
    });
  });

  describe('item/archive', () => {
    it('makes the item read-only for good; archiving twice answers 10101', async () => {
      const itemId = await world.item(owner);
      expect(await failure(world.send(Subject.ItemItemArchive, owner, { item_id: itemId, password: 'nope' }))).toEqual(wrongPassword);
      expect((await world.stored(itemId))?.is_archived).toBe(0);
      expect(await world.send(Subject.ItemItemArchive, owner, { item_id: itemId, password: owner.password })).toBe(1);
      expect(await world.send(Subject.ItemItemInfo, owner, { item_id: itemId })).toMatchObject({ is_archived: 1, ItemPermn: false });
      expect(await failure(world.send(Subject.ItemItemArchive, owner, { item_id: itemId, password: owner.password }))).toEqual({ code: ErrorCode.Failed, key: 'item_already_archived' });
      expect(await failure(world.send(Subject.PagePageSave, owner, { item_id: itemId, page_title: 't', page_content: 'c' }))).toMatchObject({ code: ErrorCode.NoPermission });
    });
  });

  describe('item/attorn', () => {
    it('hands the item to another user with the owner password; the old owner keeps no right', async () => {
      const heir = await world.user();
      const itemId = await world.item(owner, { password: 'pw' });
      expect(await failure(world.send(Subject.ItemItemAttorn, owner, { item_id: itemId, username: heir.username, password: 'bad' }))).toEqual(wrongPassword);
      expect(await failure(world.send(Subject.ItemItemAttorn, owner, { item_id: itemId, username: 'no-such-user', password: owner.password }))).toEqual({
        code: ErrorCode.UserNotFound,
        key: 'user_not_found',
      });
      expect(await failure(world.send(Subject.ItemItemAttorn, owner, { item_id: itemId, password: owner.password }))).toEqual({ code: ErrorCode.Failed, key: 'param_required' });
      expect((await world.stored(itemId))?.uid).toBe(owner.uid);

      const row = await world.send<ItemRow>(Subject.ItemItemAttorn, owner, { item_id: itemId, username: heir.username, password: owner.password });
      expect(row).toMatchObject({ item_id: itemId, uid: heir.uid, username: heir.username, password: 'pw' });
      expect(await world.send(Subject.ItemAccessCheck, heir, { item_id: itemId })).toMatchObject({ creator: true, edit: true, visit: true });
      expect(await world.send(Subject.ItemAccessCheck, owner, { item_id: itemId })).toMatchObject({ creator: false, edit: false, visit: false });
      expect(await failure(world.send(Subject.ItemItemDetail, owner, { item_id: itemId }))).toEqual({ code: ErrorCode.NotCreator, key: 'item_not_creator' });
    });

    it('keeps the members of the item', async () => {
      const heir = await world.user();
      const reader = await world.user();
      const itemId = await world.item(owner, { password: 'pw' });
      await world.member(itemId, reader, MemberGroup.ReadOnly);
      await world.send(Subject.ItemItemAttorn, owner, { item_id: itemId, username: heir.username, password: owner.password });
      expect(await world.send(Subject.ItemAccessCheck, reader, { item_id: itemId })).toMatchObject({ visit: true, edit: false });
    });

    it("renews the item's open-API credentials, by item/attorn and by the console's attorn: the former owner's pair stops writing", async () => {
      const admin = await world.user({ groupid: 1 });
      const script = testCaller();
      const writePage = (key: ItemTokenRow, content: string) =>
        world.send<{ page_id: number }>(Subject.ItemOpenUpdatePage, script, { api_key: key.api_key, api_token: key.api_token, page_title: 'Via API', page_content: content });
      const mismatch = { code: ErrorCode.ApiKeyMismatch, key: 'api_key_mismatch' };
      const heir = await world.user();
      const itemId = await world.item(owner);
      const former = await world.send<ItemTokenRow>(Subject.ItemItemGetKey, owner, { item_id: itemId });
      const pageId = (await writePage(former, 'by the owner')).page_id;

      await world.send(Subject.ItemItemAttorn, owner, { item_id: itemId, username: heir.username, password: owner.password });
      expect(await failure(writePage(former, 'by the former owner'))).toEqual(mismatch);
      const renewed = await world.send<ItemTokenRow>(Subject.ItemItemGetKey, heir, { item_id: itemId });
      expect(renewed.api_key).not.toBe(former.api_key);
      expect(renewed.api_token).not.toBe(former.api_token);
      expect((await writePage(renewed, 'by the heir')).page_id).toBe(pageId);

      const next = await world.user();
      await world.send(Subject.ItemAdminAttorn, admin, { item_id: itemId, username: next.username });
      expect(await failure(writePage(renewed, 'by the second owner'))).toEqual(mismatch);
      const third = await world.send<ItemTokenRow>(Subject.ItemItemGetKey, next, { item_id: itemId });
      expect([former.api_key, renewed.api_key]).not.toContain(third.api_key);
      expect((await writePage(third, 'by the third owner')).page_id).toBe(pageId);
      expect(await world.send<{ page_content: string }>(Subject.PagePageInfo, next, { page_id: pageId })).toMatchObject({ page_content: 'by the third owner' });
    });

    it('allows handing over an archived item', async () => {
      const heir = await world.user();
      const itemId = await world.item(owner);
      await world.send(Subject.ItemItemArchive, owner, { item_id: itemId, password: owner.password });
      expect(await world.send(Subject.ItemItemAttorn, owner, { item_id: itemId, username: heir.username, password: owner.password })).toMatchObject({ uid: heir.uid, is_archived: 1 });
    });
  });
});
