import { ErrorCode, type ItemAccess, type ItemListEntry, MemberGroup, type MemberListEntry, type MemberRow, type NoticeRow, Subject } from '@quire/proto';
import { Controller, Module } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { type ContextApp, createContextApp, testCaller } from '@quire/testing';
import { AuthModule } from '../../auth/src/auth.module';
import { PageModule } from '../../page/src/page.module';
import { ItemModule } from '../src/item.module';
import { bootItemApp, failure, ItemWorld, type User } from './item.factory';

const TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;

describe('item service: members (member/getList, member/save, member/delete)', () => {
  let ctx: ContextApp;
  let world: ItemWorld;
  let owner: User;

  beforeAll(async () => {
    ctx = await bootItemApp();
    world = new ItemWorld(ctx);
    owner = await world.user();
  });

  afterAll(() => ctx.close());

  const access = (caller: User, itemId: number) => world.send<ItemAccess>(Subject.ItemAccessCheck, caller, { item_id: itemId });
  const notices = (caller: User) => world.send<NoticeRow[]>(Subject.NoticeNoticeList, caller, { notice_type: 'all' });

  describe('member/save', () => {
    it('adds a user by username, read-only by default; the row comes back with a raw addtime', async () => {
      const itemId = await world.item(owner);
      const reader = await world.user();
      const row = await world.send<MemberRow>(Subject.ItemMemberSave, owner, { item_id: itemId, username: reader.username });
      expect(row).toEqual({
        item_member_id: expect.any(Number),
        item_id: itemId,
        uid: reader.uid,
        username: reader.username,
        member_group_id: MemberGroup.ReadOnly,
        addtime: expect.any(Number),
      });
      expect(await access(reader, itemId)).toMatchObject({ visit: true, edit: false, creator: false });
    });

    it('gives the edit right with member_group_id 1, and trims the username', async () => {
      const itemId = await world.item(owner, { password: 'secret' });
      const editor = await world.user();
      await world.send(Subject.ItemMemberSave, owner, { item_id: itemId, username: `  ${editor.username} `, member_group_id: '1' });
      expect(await access(editor, itemId)).toMatchObject({ visit: true, edit: true, creator: false });
    });

    it('answers 10209 for an unknown or empty username', async () => {
      const itemId = await world.item(owner);
      const unknown = { code: ErrorCode.UserNotFound, key: 'user_not_found' };
      expect(await failure(world.send(Subject.ItemMemberSave, owner, { item_id: itemId, username: 'nobody-by-this-name' }))).toEqual(unknown);
      expect(await failure(world.send(Subject.ItemMemberSave, owner, { item_id: itemId, username: '' }))).toEqual(unknown);
      expect(await failure(world.send(Subject.ItemMemberSave, owner, { item_id: itemId }))).toEqual(unknown);
    });

    it('refuses adding the same user twice (10101, "already a member"), whatever the right asked', async () => {
      const itemId = await world.item(owner);
      const user = await world.user();
      await world.send(Subject.ItemMemberSave, owner, { item_id: itemId, username: user.username, member_group_id: 0 });
      expect(await failure(world.send(Subject.ItemMemberSave, owner, { item_id: itemId, username: user.username, member_group_id: 1 }))).toEqual({
        code: ErrorCode.Failed,
        key: 'member_already_member',
      });
      expect(await world.send<MemberListEntry[]>(Subject.ItemMemberList, owner, { item_id: itemId })).toHaveLength(1);
      expect(await access(user, itemId)).toMatchObject({ edit: false });
    });

    it('refuses the creator adding themself', async () => {
      const itemId = await world.item(owner);
      expect(await failure(world.send(Subject.ItemMemberSave, owner, { item_id: itemId, username: owner.username }))).toEqual({
        code: ErrorCode.Failed,
        key: 'member_is_creator',
      });
      expect(await world.send(Subject.ItemMemberList, owner, { item_id: itemId })).toEqual([]);
    });

    it('accepts only 0 and 1 as member_group_id', async () => {
      const itemId = await world.item(owner);
      const user = await world.user();
      for (const group of ['2', '-1', 'edit']) {
        expect(await failure(world.send(Subject.ItemMemberSave, owner, { item_id: itemId, username: user.username, member_group_id: group }))).toMatchObject({
          code: ErrorCode.Failed,
        });
      }
      expect(await world.send(Subject.ItemMemberList, owner, { item_id: itemId })).toEqual([]);
    });

    it('is for the creator only: members, other users and anonymous visitors are refused', async () => {
      const itemId = await world.item(owner);
      const editor = await world.user();
      const stranger = await world.user();
      await world.member(itemId, editor, MemberGroup.Edit);
      expect(await failure(world.send(Subject.ItemMemberSave, editor, { item_id: itemId, username: stranger.username }))).toEqual({
        code: ErrorCode.NotCreator,
        key: 'item_not_creator',
      });
      expect(await failure(world.send(Subject.ItemMemberSave, stranger, { item_id: itemId, username: stranger.username }))).toMatchObject({ code: ErrorCode.NotCreator });
      expect(await failure(world.send(Subject.ItemMemberSave, testCaller(), { item_id: itemId, username: stranger.username }))).toMatchObject({ code: ErrorCode.NotLoggedIn });
      expect(await failure(world.send(Subject.ItemMemberSave, owner, { item_id: 999_999, username: stranger.username }))).toEqual({ code: ErrorCode.Failed, key: 'item_not_exist' });
    });

    it('tells the added user in a notice, with the item name escaped', async () => {
      const itemId = await world.item(owner, { name: 'Ops <img src=x onerror=alert(1)>' });
      const user = await world.user();
      await world.send(Subject.ItemMemberSave, owner, { item_id: itemId, username: user.username, member_group_id: 1 });
      const [notice] = await notices(user);
      expect(notice).toMatchObject({ notice_title: 'You were added to an item', from_name: owner.username, is_read: 0, notice_time: expect.stringMatching(TIME) });
      expect(notice.notice_content).toContain(`<a href="/${itemId}">Ops &lt;img src=x onerror=alert(1)&gt;</a>`);
      expect(notice.notice_content).toContain('edit');
      expect(notice.notice_content).not.toContain('<img');
      expect(await world.send(Subject.ItemItemInfo, user, { item_id: itemId })).toMatchObject({ unread_count: 1 });
    });

    it("keeps item/info's unread count right on the very next call, however often it was just asked", async () => {
      const itemId = await world.item(owner);
      const user = await world.user();
      const unread = async () => (await world.send<{ unread_count: number }>(Subject.ItemItemInfo, user, { item_id: itemId })).unread_count;
      await world.send(Subject.ItemMemberSave, owner, { item_id: itemId, username: user.username });
      for (let i = 0; i < 3; i++) expect(await unread()).toBe(1);

      const [notice] = await notices(user);
      await world.send(Subject.NoticeNoticeSetRead, user, { notice_id: notice.notice_id });
      expect(await unread()).toBe(0);

      await world.send(Subject.ItemMemberSave, owner, { item_id: await world.item(owner), username: user.username });
      expect(await unread()).toBe(1);
    });
  });

  describe('member/getList', () => {
    it('lists members oldest first with name, formatted time and the right as a word; the creator is not listed', async () => {
      const itemId = await world.item(owner);
      const first = await world.user();
      const second = await world.user();
      await world.send(Subject.ItemMemberSave, owner, { item_id: itemId, username: first.username, member_group_id: 1 });
      await world.send(Subject.ItemMemberSave, owner, { item_id: itemId, username: second.username });
      const list = await world.send<MemberListEntry[]>(Subject.ItemMemberList, owner, { item_id: itemId });
      expect(list).toEqual([
        expect.objectContaining({ uid: first.uid, username: first.username, member_group_id: 1, member_group: 'edit', name: '', addtime: expect.stringMatching(TIME) }),
        expect.objectContaining({ uid: second.uid, username: second.username, member_group_id: 0, member_group: 'read-only', item_id: itemId }),
      ]);
      expect(list[0].item_member_id).toBeLessThan(list[1].item_member_id);
    });

    it('answers [] without members, and 10303 to anyone but the creator', async () => {
      const itemId = await world.item(owner);
      expect(await world.send(Subject.ItemMemberList, owner, { item_id: itemId })).toEqual([]);
      const reader = await world.user();
      await world.member(itemId, reader, MemberGroup.Edit);
      expect(await failure(world.send(Subject.ItemMemberList, reader, { item_id: itemId }))).toEqual({ code: ErrorCode.NotCreator, key: 'item_not_creator' });
      expect(await failure(world.send(Subject.ItemMemberList, testCaller(), { item_id: itemId }))).toMatchObject({ code: ErrorCode.NotLoggedIn });
    });
  });

  describe('member/delete', () => {
    it('removes a member, who loses the right on the very next call', async () => {
      const itemId = await world.item(owner, { password: 'secret' });
      const page = await world.page(owner, itemId, 'Runbook');
      const editor = await world.user();
      const row = await world.send<MemberRow>(Subject.ItemMemberSave, owner, { item_id: itemId, username: editor.username, member_group_id: 1 });
      expect(await world.send(Subject.PagePageInfo, editor, { page_id: page.page_id })).toMatchObject({ page_title: 'Runbook' });
      expect((await world.send<ItemListEntry[]>(Subject.ItemItemMyList, editor)).map((i) => i.item_id)).toContain(itemId);

      expect(await world.send(Subject.ItemMemberDelete, owner, { item_id: itemId, item_member_id: row.item_member_id })).toBe(1);
      expect(await access(editor, itemId)).toMatchObject({ visit: false, edit: false });
      expect(await failure(world.send(Subject.PagePageInfo, editor, { page_id: page.page_id }))).toMatchObject({ code: ErrorCode.NotCreator });
      expect(await failure(world.send(Subject.PagePageSave, editor, { item_id: itemId, page_title: 'x', page_content: 'y' }))).toMatchObject({ code: ErrorCode.NoPermission });
      expect((await world.send<ItemListEntry[]>(Subject.ItemItemMyList, editor)).map((i) => i.item_id)).not.toContain(itemId);
      expect(await world.send(Subject.ItemMemberList, owner, { item_id: itemId })).toEqual([]);
    });

    it('answers 10101 for a membership of another item (nothing is deleted) and 10303 to non-creators', async () => {
      const itemId = await world.item(owner);
      const otherItemId = await world.item(owner);
      const user = await world.user();
      const row = await world.send<MemberRow>(Subject.ItemMemberSave, owner, { item_id: otherItemId, username: user.username });
      expect(await failure(world.send(Subject.ItemMemberDelete, owner, { item_id: itemId, item_member_id: row.item_member_id }))).toEqual({
        code: ErrorCode.Failed,
        key: 'member_not_found',
      });
      expect(await failure(world.send(Subject.ItemMemberDelete, user, { item_id: otherItemId, item_member_id: row.item_member_id }))).toMatchObject({ code: ErrorCode.NotCreator });
      expect(await world.send<MemberListEntry[]>(Subject.ItemMemberList, owner, { item_id: otherItemId })).toHaveLength(1);
    });
  });

  describe('rights change at once', () => {
    it('an added member reads a private item on the very next call, and leaves it with item/exitItem', async () => {
      const itemId = await world.item(owner, { password: 'secret' });
      const user = await world.user();
      expect(await access(user, itemId)).toMatchObject({ visit: false });
      await world.send(Subject.ItemMemberSave, owner, { item_id: itemId, username: user.username });
      expect(await access(user, itemId)).toMatchObject({ visit: true, edit: false });
      expect(await world.send(Subject.ItemItemExit, user, { item_id: itemId })).toEqual([]);
      expect(await access(user, itemId)).toMatchObject({ visit: false });
    });
  });

  describe('item/attorn', () => {
    it('tells the new owner in a notice', async () => {
      const itemId = await world.item(owner, { name: 'Handbook & <b>co</b>' });
      const heir = await world.user();
      await world.send(Subject.ItemItemAttorn, owner, { item_id: itemId, username: heir.username, password: owner.password });
      const [notice] = await notices(heir);
      expect(notice.notice_title).toBe('An item was transferred to you');
      expect(notice.notice_content).toContain('Handbook &amp; &lt;b&gt;co&lt;/b&gt;');
      expect(notice.from_name).toBe(owner.username);
    });
  });
});

describe('item service without a notice service', () => {
  let ctx: ContextApp;

  beforeAll(async () => {
    ctx = await createContextApp([ItemModule, PageModule, AuthModule], { env: { LANGUAGE: 'en' }, logger: false });
  });

  afterAll(() => ctx.close());

  it('still answers item/info (unread_count 0) and member/save', async () => {
    const world = new ItemWorld(ctx);
    const owner = await world.user();
    const user = await world.user();
    const itemId = await world.item(owner);
    expect(await world.send(Subject.ItemItemInfo, owner, { item_id: itemId })).toMatchObject({ item_id: itemId, unread_count: 0 });
    expect(await world.send(Subject.ItemMemberSave, owner, { item_id: itemId, username: user.username })).toMatchObject({ uid: user.uid });
    expect(await world.send(Subject.ItemAccessCheck, user, { item_id: itemId })).toMatchObject({ visit: true });
  });
});

/** A notice service stuck behind a slow store, say: it answers the unread count only once released. */
@Controller()
class SlowNoticeController {
  static asked = 0;
  private static release = (): void => undefined;

  static answer(): void {
    SlowNoticeController.release();
  }

  @MessagePattern(Subject.NoticeNoticeUnreadCount)
  unreadCount(): Promise<{ count: number }> {
    SlowNoticeController.asked += 1;
    return new Promise((resolve) => (SlowNoticeController.release = () => resolve({ count: 7 })));
  }
}

@Module({ controllers: [SlowNoticeController] })
class SlowNoticeModule {}

describe('item service with a notice service that does not answer in time', () => {
  let ctx: ContextApp;

  beforeAll(async () => {
    ctx = await createContextApp([ItemModule, PageModule, AuthModule, SlowNoticeModule], { env: { LANGUAGE: 'en' }, logger: false });
  });

  afterAll(async () => {
    SlowNoticeController.answer();
    await ctx.close();
  });

  it('answers item/info with unread_count 0 while the notice service still holds the question', async () => {
    const world = new ItemWorld(ctx);
    const owner = await world.user();
    const itemId = await world.item(owner);

    // The notice service answers only after item/info has: item/info waits its UNREAD_COUNT_TIMEOUT_MS, not for the transport to give up.
    expect(await world.send(Subject.ItemItemInfo, owner, { item_id: itemId })).toMatchObject({ item_id: itemId, unread_count: 0 });
    expect(SlowNoticeController.asked).toBe(1);
  });
});
