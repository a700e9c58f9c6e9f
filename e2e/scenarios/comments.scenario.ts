import type { AddedComment, CommentList, NoticeRow, PageRow } from '@quire/proto';
import { ApiClient, type ApiEnvelope, eventually } from '@quire/testing';
import type { SystemTarget } from '../src/system-target';
import { solveCaptcha } from './auth-flow.scenario';

function ok<T>(envelope: ApiEnvelope<T>): T {
  expect(envelope).toMatchObject({ error_code: 0 });
  return envelope.data as T;
}

/**
 * Page comments through HTTP with ShowDoc 3.x's calls (`pageComment/add`, `getList`, `delete`):
 * who may add, read and delete, the notice the item's members get, and archived items closed.
 */
export function describeCommentsFlow(target: () => SystemTarget): void {
  const suffix = String(Date.now() % 1_000_000);
  let owner: ApiClient;
  let reader: ApiClient;
  let readerName: string;
  let editor: ApiClient;
  let stranger: ApiClient;
  let itemId: number;
  let page: PageRow;

  const register = async (prefix: string): Promise<{ client: ApiClient; username: string }> => {
    const client = new ApiClient(target().baseUrl);
    const username = `${prefix}${suffix}`;
    const vCode = await solveCaptcha(target(), client);
    ok(await client.post('/api/user/register', { username, password: `${prefix}-pass`, confirm_password: `${prefix}-pass`, v_code: vCode }));
    return { client, username };
  };
  const list = (client: ApiClient) => client.post<CommentList>('/api/pageComment/getList', { page_id: page.page_id });

  beforeAll(async () => {
    ({ client: owner } = await register('cowner'));
    ({ client: reader, username: readerName } = await register('creader'));
    const edit = await register('ceditor');
    editor = edit.client;
    ({ client: stranger } = await register('cstranger'));
    itemId = ok(await owner.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Handbook', password: 'members-only' })).item_id;
    page = ok(await owner.post<PageRow>('/api/page/save', { item_id: itemId, page_title: 'Onboarding', page_content: '# Day one' }));
    ok(await owner.post('/api/member/save', { item_id: itemId, username: readerName, member_group_id: 0 }));
    ok(await owner.post('/api/member/save', { item_id: itemId, username: edit.username, member_group_id: 1 }));
  });

  it('a read-only member comments; members read it with author and count; the owner and the edit member are told', async () => {
    const added = ok(await reader.post<AddedComment>('/api/pageComment/add', { page_id: page.page_id, content: 'Where is the **VPN** guide?' }));
    const seen = ok(await editor.post<CommentList>('/api/pageComment/list', { page_id: page.page_id }));
    expect(seen.total).toBe(1);
    expect(seen.comments[0]).toMatchObject({ comment_id: added.comment_id, username: readerName, content: 'Where is the **VPN** guide?', can_delete: false });

    for (const member of [owner, editor]) {
      const notice = await eventually(
        async () => ok(await member.post<NoticeRow[]>('/api/notice/getList', { notice_type: 'unread' })).find((n) => n.notice_title === `${readerName} commented on “Onboarding”`),
        'the comment notice',
      );
      expect(notice.notice_content).toContain('VPN');
    }
  });

  it('refuses a stranger, an anonymous caller and bad input with readable errors', async () => {
    expect((await stranger.post('/api/pageComment/add', { page_id: page.page_id, content: 'let me in' })).error_code).toBe(10303);
    expect((await list(stranger)).error_code).toBe(10303);
    expect((await new ApiClient(target().baseUrl).post('/api/pageComment/add', { page_id: page.page_id, content: 'anonymous' })).error_code).toBe(10102);
    expect(await reader.post('/api/pageComment/add', { page_id: page.page_id, content: '' })).toEqual({ error_code: 10101, error_message: "Parameter 'content' is required" });
    expect(await reader.post('/api/pageComment/add', { page_id: page.page_id, content: 'x'.repeat(2001) })).toEqual({
      error_code: 10101,
      error_message: "Parameter 'content' must be at most 2000 characters",
    });
  });

  it('the author deletes their own, nobody else but the owner deletes any', async () => {
    const mine = ok(await reader.post<AddedComment>('/api/pageComment/add', { page_id: page.page_id, content: 'mine' }));
    const theirs = ok(await editor.post<AddedComment>('/api/pageComment/add', { page_id: page.page_id, content: 'theirs' }));
    expect((await reader.post('/api/pageComment/delete', { comment_id: theirs.comment_id })).error_code).toBe(10103);
    expect((await stranger.post('/api/pageComment/delete', { comment_id: mine.comment_id })).error_code).toBe(10103);
    ok(await reader.post('/api/pageComment/delete', { comment_id: mine.comment_id }));
    ok(await owner.post('/api/pageComment/delete', { comment_id: theirs.comment_id }));
    const left = ok(await list(owner)).comments.map((c) => c.content);
    expect(left).not.toContain('mine');
    expect(left).not.toContain('theirs');
  });

  it('an archived item keeps its comments readable and takes no new one', async () => {
    const archivedItem = ok(await owner.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Old handbook', password: '' })).item_id;
    const old = ok(await owner.post<PageRow>('/api/page/save', { item_id: archivedItem, page_title: 'Old', page_content: 'old' }));
    ok(await stranger.post('/api/pageComment/add', { page_id: old.page_id, content: 'before' }));
    ok(await owner.post('/api/item/archive', { item_id: archivedItem, password: `cowner-pass` }));
    const refused = await stranger.post('/api/pageComment/add', { page_id: old.page_id, content: 'after' });
    expect(refused).toEqual({ error_code: 10103, error_message: 'This item is archived: comments are closed' });
    const listed = ok(await stranger.post<CommentList>('/api/pageComment/getList', { page_id: old.page_id }));
    expect(listed).toMatchObject({ total: 1, can_comment: false });
  });
}
