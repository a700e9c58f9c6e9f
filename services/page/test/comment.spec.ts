import { createContextApp } from '@quire/testing';
import { DocumentStore } from '@quire/platform';
import { type AddedComment, type CommentList, COMMENT_MAX_LENGTH, MemberGroup, type NoticeRow, Subject } from '@quire/proto';
import { AuthModule } from '../../auth/src/auth.module';
import { ItemModule } from '../../item/src/item.module';
import { NoticeModule } from '../../notice/src/notice.module';
import { PageModule } from '../src/page.module';
import { failure, PageWorld, type User } from './page.factory';

describe('page service: page comments (pageComment/add, getList, delete)', () => {
  let world: PageWorld;
  let owner: User;
  let reader: User;
  let editor: User;
  let stranger: User;

  beforeAll(async () => {
    world = new PageWorld(await createContextApp([PageModule, ItemModule, AuthModule, NoticeModule], { env: { LANGUAGE: 'en' } }));
    [owner, reader, editor, stranger] = await Promise.all([world.user(), world.user(), world.user(), world.user()]);
  });
  afterAll(() => world.ctx.close());

  /** A private item (stranger cannot read it) with a read-only and an edit member, and one page. */
  const fixture = async () => {
    const itemId = await world.item(owner, { password: 'secret' });
    await world.member(itemId, reader, MemberGroup.ReadOnly);
    await world.member(itemId, editor, MemberGroup.Edit);
    const page = await world.page(owner, itemId, 'Install guide');
    return { itemId, pageId: page.page_id };
  };
  const add = (caller: User, pageId: number, content: string) => world.send<AddedComment>(Subject.PageCommentAdd, caller, { page_id: pageId, content });
  const list = (caller: User, pageId: number, more: Record<string, number> = {}) => world.send<CommentList>(Subject.PageCommentList, caller, { page_id: pageId, ...more });
  const remove = (caller: User, commentId: number) => world.send<1>(Subject.PageCommentDelete, caller, { comment_id: commentId });
  const notices = (caller: User) => world.send<NoticeRow[]>(Subject.NoticeNoticeList, caller, { notice_type: 'unread' });

  it('lets a read-only member comment; lists newest first with author, time, count and the raw Markdown', async () => {
    const { pageId } = await fixture();
    const first = await add(reader, pageId, '  **First** question  ');
    const second = await add(editor, pageId, 'A `code` answer');
    const listed = await list(owner, pageId);
    expect(listed.total).toBe(2);
    expect(listed.can_comment).toBe(true);
    expect(listed.comments.map((c) => [c.comment_id, c.username, c.content])).toEqual([
      [second.comment_id, editor.username, 'A `code` answer'],
      [first.comment_id, reader.username, '**First** question'],
    ]);
    expect(listed.comments[0].addtime_text).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    // The owner may delete any; a reader only their own.
    expect(listed.comments.map((c) => c.can_delete)).toEqual([true, true]);
    const asReader = await list(reader, pageId);
    expect(asReader.comments.map((c) => [c.is_owner, c.can_delete])).toEqual([
      [false, false],
      [true, true],
    ]);
  });

  it('stores the Markdown as written and sends it HTML-escaped, as page/info sends text', async () => {
    const { pageId } = await fixture();
    const hostile = '<script>alert(1)</script> [x](javascript:alert(2)) & "q"';
    const { comment_id } = await add(reader, pageId, hostile);
    const [row] = (await list(owner, pageId)).comments;
    expect(row.content).toBe('&lt;script&gt;alert(1)&lt;/script&gt; [x](javascript:alert(2)) &amp; &quot;q&quot;');
    const stored = await world.ctx.app.get(DocumentStore).collection<{ comment_id: number; content: string }>('page_comments').findOne({ comment_id });
    expect(stored?.content).toBe(hostile);
  });

  it('pages the list with page and count', async () => {
    const { pageId } = await fixture();
    for (const n of [1, 2, 3]) await add(reader, pageId, `comment ${n}`);
    const second = await list(reader, pageId, { page: 2, count: 2 });
    expect(second).toEqual(expect.objectContaining({ total: 3, page: 2 }));
    expect(second.comments.map((c) => c.content)).toEqual(['comment 1']);
  });

  it('refuses a stranger to a private item, anonymous callers, empty and too long comments, and replies', async () => {
    const { pageId } = await fixture();
    expect(await failure(add(stranger, pageId, 'hi'))).toEqual({ code: 10303, key: 'page_item_locked' });
    expect(await failure(list(stranger, pageId))).toEqual({ code: 10303, key: 'page_item_locked' });
    const anonymous = { ...stranger, uid: 0, username: '' };
    expect(await failure(add(anonymous, pageId, 'hi'))).toEqual({ code: 10102, key: 'not_logged_in' });
    expect(await failure(add(reader, pageId, '   '))).toEqual({ code: 10101, key: 'param_required' });
    expect(await failure(add(reader, pageId, 'x'.repeat(COMMENT_MAX_LENGTH + 1)))).toEqual({ code: 10101, key: 'param_too_long' });
    expect(await failure(world.send(Subject.PageCommentAdd, reader, { page_id: pageId, content: 'hi', parent_id: 5 }))).toEqual({ code: 10101, key: 'comment_no_replies' });
    expect(await failure(add(reader, 987654, 'hi'))).toEqual({ code: 10101, key: 'page_not_found' });
    expect((await list(owner, pageId)).total).toBe(0);
  });

  it('lets anyone read the comments of a public item, but only logged-in users add them', async () => {
    const itemId = await world.item(owner);
    const { page_id: pageId } = await world.page(owner, itemId, 'Public');
    await add(stranger, pageId, 'from a stranger');
    const anonymous = { ...stranger, uid: 0, username: '' };
    const seen = await list(anonymous, pageId);
    expect(seen.comments.map((c) => [c.content, c.can_delete])).toEqual([['from a stranger', false]]);
    expect(seen.can_comment).toBe(false);
  });

  it('deletes: the author their own, the owner any, nobody else', async () => {
    const { pageId } = await fixture();
    const byReader = await add(reader, pageId, 'mine');
    const byEditor = await add(editor, pageId, 'yours');
    expect(await failure(remove(reader, byEditor.comment_id))).toEqual({ code: 10103, key: 'comment_delete_denied' });
    expect(await failure(remove(stranger, byReader.comment_id))).toEqual({ code: 10103, key: 'comment_delete_denied' });
    expect(await remove(reader, byReader.comment_id)).toBe(1);
    expect(await remove(owner, byEditor.comment_id)).toBe(1);
    expect(await failure(remove(owner, byEditor.comment_id))).toEqual({ code: 10101, key: 'comment_not_found' });
    expect((await list(owner, pageId)).total).toBe(0);
  });

  it('closes comments of an archived item: no add, no delete, listed without delete rights', async () => {
    const { itemId, pageId } = await fixture();
    const kept = await add(reader, pageId, 'before the archive');
    await world.archive(itemId);
    expect(await failure(add(reader, pageId, 'after'))).toEqual({ code: 10103, key: 'comment_item_archived' });
    expect(await failure(remove(owner, kept.comment_id))).toEqual({ code: 10103, key: 'comment_item_archived' });
    const listed = await list(owner, pageId);
    expect(listed.can_comment).toBe(false);
    expect(listed.comments.map((c) => [c.content, c.can_delete])).toEqual([['before the archive', false]]);
  });

  it('tells the owner and members (not the author) of a new comment, its text escaped in the notice', async () => {
    const { pageId } = await fixture();
    await add(reader, pageId, 'Look <script>alert(1)</script>');
    const [toOwner] = await notices(owner);
    expect(toOwner.notice_title).toBe(`${reader.username} commented on “Install guide”`);
    expect(toOwner.from_name).toBe(reader.username);
    expect(toOwner.notice_content).toContain('Look &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(toOwner.notice_content).not.toContain('<script');
    expect((await notices(editor)).map((n) => n.notice_title)).toContain(toOwner.notice_title);
    expect((await notices(reader)).map((n) => n.notice_title)).not.toContain(toOwner.notice_title);
    expect((await notices(stranger)).map((n) => n.notice_title)).not.toContain(toOwner.notice_title);
  });

  it('keeps the comments of a page in the recycle bin (hidden), back with the page, and drops them when purged', async () => {
    const { itemId, pageId } = await fixture();
    await add(reader, pageId, 'survives');
    await world.send(Subject.PagePageDelete, owner, { page_id: pageId });
    expect(await failure(list(owner, pageId))).toEqual({ code: 10101, key: 'page_not_found' });
    await world.send(Subject.PageRecycleRecover, owner, { item_id: itemId, page_id: pageId });
    expect((await list(owner, pageId)).comments.map((c) => c.content)).toEqual(['survives']);

    await world.send(Subject.PagePageDelete, owner, { page_id: pageId });
    await world.send(Subject.PageRecyclePurge, owner, { item_id: itemId, kind: 'page', id: pageId });
    const stored = await world.ctx.app.get(DocumentStore).collection<{ page_id: number }>('page_comments').count({ page_id: pageId });
    expect(stored).toBe(0);
  });
});
