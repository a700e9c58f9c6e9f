import { type Caller, ErrorCode, type NoticeRow, parseJsonReply, Subject, type WireParams } from '@quire/proto';
import { type ContextApp, createContextApp, createUser, testCaller } from '@quire/testing';
import { AuthModule } from '../../auth/src/auth.module';
import { ItemModule } from '../../item/src/item.module';
import { PageModule } from '../../page/src/page.module';
import { TeamModule } from '../../team/src/team.module';
import { NoticeModule } from '../src/notice.module';

const TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;

async function failure(call: Promise<unknown>): Promise<{ code: number; key: string }> {
  try {
    await call;
  } catch (error) {
    const { code, key } = error as { code: number; key: string };
    return { code, key };
  }
  throw new Error('expected the call to fail');
}

describe('notice service', () => {
  let ctx: ContextApp;
  let admin: Caller;

  beforeAll(async () => {
    ctx = await createContextApp([NoticeModule, ItemModule, PageModule, AuthModule, TeamModule], { env: { LANGUAGE: 'en' } });
    admin = await createUser(ctx.app, { groupid: 1 });
  });

  afterAll(() => ctx.close());

  const send = <R = unknown>(subject: Subject, caller: Caller, params: WireParams = {}) => ctx.relay(subject, { caller, params }).then((reply) => parseJsonReply<R>(reply));
  const list = (caller: Caller, params: WireParams = {}) => send<NoticeRow[]>(Subject.NoticeNoticeList, caller, params);
  const unread = async (caller: Caller) => (await send<{ count: number }>(Subject.NoticeNoticeUnreadCount, caller)).count;
  const notify = (to: Caller, title: string, content = '<p>hello</p>', from: Caller = admin) =>
    send(Subject.NoticeNoticeSend, from, { to_uids: [to.uid], notice_title: title, notice_content: content, from_name: from.username });
  const user = () => createUser(ctx.app);

  describe('notice/getList', () => {
    it('lists my notices newest first in the contract shape; unread only and count limit the list', async () => {
      const me = await user();
      await notify(me, 'First');
      await notify(me, 'Second');
      await notify(me, 'Third');
      await notify(await user(), 'Not mine');
      const all = await list(me, { notice_type: 'all' });
      expect(all.map((n) => n.notice_title)).toEqual(['Third', 'Second', 'First']);
      expect(all[0]).toEqual({
        notice_id: expect.any(Number),
        notice_title: 'Third',
        notice_content: '<p>hello</p>',
        from_name: admin.username,
        notice_time: expect.stringMatching(TIME),
        is_read: 0,
      });
      await send(Subject.NoticeNoticeSetRead, me, { notice_id: all[0].notice_id });
      expect((await list(me, { notice_type: 'unread' })).map((n) => n.notice_title)).toEqual(['Second', 'First']);
      expect((await list(me, { notice_type: 'unread', count: 1 })).map((n) => n.notice_title)).toEqual(['Second']);
      expect(await list(me)).toHaveLength(3);
    });

    it('answers [] without notices, 10102 when not logged in, 10101 for an unknown type', async () => {
      const me = await user();
      expect(await list(me)).toEqual([]);
      expect(await failure(list(testCaller()))).toMatchObject({ code: ErrorCode.NotLoggedIn });
      expect(await failure(list(me, { notice_type: 'everything' }))).toEqual({ code: ErrorCode.Failed, key: 'param_not_one_of' });
      expect(await failure(list(me, { count: 'many' }))).toEqual({ code: ErrorCode.Failed, key: 'param_not_integer' });
    });
  });

  describe('notice/setRead and notice/delete', () => {
    it('marks my notice read (again changes nothing) and lowers the unread count', async () => {
      const me = await user();
      await notify(me, 'A');
      await notify(me, 'B');
      expect(await unread(me)).toBe(2);
      const [latest] = await list(me);
      expect(await send(Subject.NoticeNoticeSetRead, me, { notice_id: latest.notice_id })).toEqual([]);
      expect(await send(Subject.NoticeNoticeSetRead, me, { notice_id: latest.notice_id })).toEqual([]);
      expect(await unread(me)).toBe(1);
      expect((await list(me))[0]).toMatchObject({ notice_id: latest.notice_id, is_read: 1 });
    });

    it("refuses someone else's notice (10101) and leaves it as it was", async () => {
      const me = await user();
      const other = await user();
      await notify(other, 'Private');
      const [theirs] = await list(other);
      const notFound = { code: ErrorCode.Failed, key: 'notice_not_found' };
      expect(await failure(send(Subject.NoticeNoticeSetRead, me, { notice_id: theirs.notice_id }))).toEqual(notFound);
      expect(await failure(send(Subject.NoticeNoticeDelete, me, { notice_id: theirs.notice_id }))).toEqual(notFound);
      expect(await list(other)).toEqual([theirs]);
      expect(await failure(send(Subject.NoticeNoticeDelete, me, { notice_id: 999_999 }))).toEqual(notFound);
      expect(await failure(send(Subject.NoticeNoticeDelete, me, {}))).toEqual({ code: ErrorCode.Failed, key: 'param_required' });
    });

    it('deletes my notice; deleting it again answers 10101', async () => {
      const me = await user();
      await notify(me, 'Bye');
      const [notice] = await list(me);
      expect(await send(Subject.NoticeNoticeDelete, me, { notice_id: notice.notice_id })).toEqual([]);
      expect(await list(me)).toEqual([]);
      expect(await unread(me)).toBe(0);
      expect(await failure(send(Subject.NoticeNoticeDelete, me, { notice_id: notice.notice_id }))).toEqual({ code: ErrorCode.Failed, key: 'notice_not_found' });
    });
  });

  describe('notice.notice.send', () => {
    it('sanitizes hostile HTML on the server before storing it', async () => {
      const me = await user();
      await notify(
        me,
        'Hi <script>alert(1)</script><b onmouseover="alert(2)">there</b>',
        [
          '<p style="position:fixed">Read <a href="javascript:alert(3)">this</a> and <a href="https://example.com/doc">that</a></p>',
          '<img src=x onerror=alert(4)><iframe src="https://evil.test"></iframe><style>*{display:none}</style>',
          '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCg1KTwvc2NyaXB0Pg==">data</a><svg onload=alert(6)></svg><form action="https://evil.test"><input></form>',
        ].join(''),
        { ...admin, username: '<img src=x onerror=alert(7)>' },
      );
      const [notice] = await list(me);
      expect(notice.notice_title).toBe('Hi <b>there</b>');
      expect(notice.notice_content).toBe('<p>Read <a>this</a> and <a href="https://example.com/doc">that</a></p><a>data</a>');
      expect(notice.from_name).toBe('&lt;img src=x onerror=alert(7)&gt;');
      for (const dangerous of ['<script', 'onerror', 'onload', 'onmouseover', 'javascript:', 'data:', '<iframe', '<style', 'style=', '<form', '<svg']) {
        expect([dangerous, (notice.notice_title + notice.notice_content).includes(dangerous)]).toEqual([dangerous, false]);
      }
    });

    it('reaches several users at once, each once', async () => {
      const [a, b] = [await user(), await user()];
      expect(await send(Subject.NoticeNoticeSend, admin, { to_uids: [a.uid, b.uid, a.uid], notice_title: 'Both', from_name: 'x' })).toEqual({ sent: 2 });
      expect(await list(a)).toHaveLength(1);
      expect(await list(b)).toHaveLength(1);
    });

    it('refuses a missing title and a title over 255 characters', async () => {
      const me = await user();
      expect(await failure(send(Subject.NoticeNoticeSend, admin, { to_uids: [me.uid], notice_title: '' }))).toMatchObject({ code: ErrorCode.Failed, key: 'param_required' });
      expect(await failure(send(Subject.NoticeNoticeSend, admin, { to_uids: [me.uid], notice_title: 't'.repeat(256) }))).toMatchObject({ code: ErrorCode.Failed, key: 'param_too_long' });
      expect(await list(me)).toEqual([]);
    });
  });

  describe('announcements (to_all)', () => {
    it('reach every user, each reading and deleting their own copy', async () => {
      const [a, b] = [await user(), await user()];
      const before = { a: await unread(a), b: await unread(b) };
      expect(await send(Subject.NoticeNoticeSend, admin, { to_all: true, notice_title: 'Maintenance tonight', notice_content: '<p>22:00</p>', from_name: admin.username })).toEqual({
        sent: 1,
      });
      expect(await unread(a)).toBe(before.a + 1);
      const announcement = (await list(a)).find((n) => n.notice_title === 'Maintenance tonight');
      expect(announcement).toMatchObject({ notice_content: '<p>22:00</p>', is_read: 0 });
      if (!announcement) throw new Error('the announcement is missing');

      await send(Subject.NoticeNoticeSetRead, a, { notice_id: announcement.notice_id });
      expect((await list(a)).find((n) => n.notice_id === announcement.notice_id)?.is_read).toBe(1);
      expect((await list(a, { notice_type: 'unread' })).map((n) => n.notice_id)).not.toContain(announcement.notice_id);
      expect(await unread(a)).toBe(before.a);

      await send(Subject.NoticeNoticeDelete, a, { notice_id: announcement.notice_id });
      expect((await list(a)).map((n) => n.notice_id)).not.toContain(announcement.notice_id);
      expect(await failure(send(Subject.NoticeNoticeSetRead, a, { notice_id: announcement.notice_id }))).toMatchObject({ key: 'notice_not_found' });

      expect((await list(b)).find((n) => n.notice_id === announcement.notice_id)).toMatchObject({ is_read: 0 });
      expect(await unread(b)).toBe(before.b + 1);
    });

    it('may be sent by administrators only (10103)', async () => {
      const someone = await user();
      expect(await failure(send(Subject.NoticeNoticeSend, someone, { to_all: true, notice_title: 'Fake announcement', from_name: 'admin' }))).toEqual({
        code: ErrorCode.NoPermission,
        key: 'no_permission',
      });
      expect((await list(someone)).map((n) => n.notice_title)).not.toContain('Fake announcement');
    });
  });

  describe('sources', () => {
    it('added to an item, added to a team, an item transferred: each brings a notice, counted in item/info', async () => {
      const owner = await createUser(ctx.app);
      const me = await createUser(ctx.app);
      const item = await send<{ item_id: number }>(Subject.ItemItemAdd, owner, { item_name: 'Docs' });
      const infoUnread = async () => (await send<{ unread_count: number }>(Subject.ItemItemInfo, me, { item_id: item.item_id })).unread_count;
      const base = await infoUnread();
      await send(Subject.ItemMemberSave, owner, { item_id: item.item_id, username: me.username });
      const team = await send<{ id: number }>(Subject.TeamTeamSave, owner, { team_name: 'Crew' });
      await send(Subject.TeamMemberSave, owner, { team_id: team.id, member_username: me.username });
      await send(Subject.ItemItemAttorn, owner, { item_id: item.item_id, username: me.username, password: owner.password });
      expect((await list(me, { notice_type: 'unread' })).slice(0, 3).map((n) => n.notice_title)).toEqual([
        'An item was transferred to you',
        'You were added to a team',
        'You were added to an item',
      ]);
      expect(await infoUnread()).toBe(base + 3);
      expect(await send(Subject.ItemItemInfo, testCaller(), { item_id: item.item_id })).toMatchObject({ unread_count: 0 });
    });
  });
});
