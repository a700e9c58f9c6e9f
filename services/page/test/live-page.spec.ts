import { createHash } from 'node:crypto';
import { ErrorCode, type LivePage, type LivePageSaved, MemberGroup, type PageHistoryRow, Subject } from '@quire/proto';
import { bootPageApp, failure, PageWorld, type User } from './page.factory';

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** `page.page.live` and `page.page.saveLive`: what the collab service reads a page from and writes a co-edited page with. */
describe('page service: live co-editing subjects', () => {
  let world: PageWorld;
  let owner: User;
  let writer: User;

  beforeAll(async () => {
    world = new PageWorld(await bootPageApp());
    owner = await world.user();
    writer = await world.user();
  });
  afterAll(() => world.ctx.close());

  const live = (pageId: number) => world.send<LivePage | null>(Subject.PagePageLive, owner, { page_id: pageId });
  const saveLive = (caller: User, pageId: number, content: string, contributors: { uid: number; username: string }[]) =>
    world.send<LivePageSaved>(Subject.PagePageSaveLive, caller, { page_id: pageId, page_title: 'Guide', cat_id: 0, s_number: 0, page_content: content, contributors });

  it('reads a live page raw, with the hash of its text, and nothing for a page in the bin', async () => {
    const itemId = await world.item(owner);
    const page = await world.save(owner, { item_id: itemId, page_title: 'Guide', page_content: 'a <b>bold</b> move' });
    expect(await live(page.page_id)).toMatchObject({
      page_id: page.page_id,
      item_id: itemId,
      page_title: 'Guide',
      page_content: 'a <b>bold</b> move',
      s_number: 99,
      content_hash: sha('a <b>bold</b> move'),
    });
    await world.send(Subject.PagePageDelete, owner, { page_id: page.page_id });
    expect(await live(page.page_id)).toBeNull();
  });

  it('writes a co-edited page by its saver, and the next version sends it to the history naming its contributors', async () => {
    const itemId = await world.item(owner);
    await world.member(itemId, writer, MemberGroup.Edit);
    const page = await world.save(owner, { item_id: itemId, page_title: 'Guide', page_content: 'v1' });
    const contributors = [
      { uid: owner.uid, username: owner.username },
      { uid: writer.uid, username: writer.username },
    ];
    const saved = await saveLive(writer, page.page_id, 'v2 by two', contributors);
    expect(saved).toMatchObject({ page_id: page.page_id, content_hash: sha('v2 by two'), author_username: writer.username });
    expect((await live(page.page_id))?.page_content).toBe('v2 by two');

    await world.save(owner, { page_id: page.page_id, page_title: 'Guide', page_content: 'v3 by the owner alone' });
    await world.save(owner, { page_id: page.page_id, page_title: 'Guide', page_content: 'v4' });
    const history = await world.send<PageHistoryRow[]>(Subject.PagePageHistory, owner, { page_id: page.page_id });
    expect(history.map((row) => [row.page_content, row.author_username, row.contributors])).toEqual([
      ['v3 by the owner alone', owner.username, undefined],
      ['v2 by two', writer.username, contributors],
      ['v1', owner.username, undefined],
    ]);
  });

  it('refuses a saver without the edit right, on an archived item, or with empty text; the page stays', async () => {
    const itemId = await world.item(owner);
    const reader = await world.user();
    await world.member(itemId, reader, MemberGroup.ReadOnly);
    const page = await world.save(owner, { item_id: itemId, page_title: 'Guide', page_content: 'kept' });
    expect(await failure(saveLive(reader, page.page_id, 'by a reader', []))).toEqual({ code: ErrorCode.NoPermission, key: 'no_permission' });
    expect(await failure(saveLive(owner, page.page_id, '   ', []))).toEqual({ code: ErrorCode.NoPermission, key: 'page_empty_content' });
    await world.archive(itemId);
    expect(await failure(saveLive(owner, page.page_id, 'archived', []))).toEqual({ code: ErrorCode.NoPermission, key: 'page_item_archived' });
    expect((await live(page.page_id))?.page_content).toBe('kept');
  });
});
