import { DocumentStore } from '@quire/platform';
import { ErrorCode, MemberGroup, nowSeconds, PAGE_LOCK_MAX_SECONDS, type PageLockSet, type PageLockState, Subject } from '@quire/proto';
import { bootPageApp, failure, PageWorld, type User } from './page.factory';

/**
 * ShowDoc's edit lock (`page/isLock`, `page/setLock`, `page/unlock`) as a plain lock with an expiry: who may take
 * it, when it ends, and who may read it. (Co-editing presence, which needs the collab service, is driven in
 * e2e/scenarios/showdoc-client.scenario.ts in both modes.)
 */
describe('page service: the edit lock', () => {
  let world: PageWorld;
  let owner: User;
  let editor: User;
  let reader: User;
  let stranger: User;

  beforeAll(async () => {
    world = new PageWorld(await bootPageApp());
    [owner, editor, reader, stranger] = await Promise.all([world.user(), world.user(), world.user(), world.user()]);
  });
  afterAll(() => world.ctx.close());

  const state = (caller: User, pageId: number) => world.send<PageLockState>(Subject.PageLockState, caller, { page_id: pageId });
  const lock = (caller: User, pageId: number, lockTo = 0) => world.send<PageLockSet>(Subject.PageLockSet, caller, { page_id: pageId, lock_to: lockTo });
  const newPage = async (options: { password?: string } = {}) => {
    const itemId = await world.item(owner, options);
    await world.member(itemId, editor, MemberGroup.Edit);
    await world.member(itemId, reader, MemberGroup.ReadOnly);
    return (await world.save(owner, { item_id: itemId, page_title: 'Guide', page_content: 'v1' })).page_id;
  };

  it('ends by itself at lock_to: then the page is free and another editor takes it', async () => {
    const pageId = await newPage();
    await lock(owner, pageId, nowSeconds() + 1);
    expect(await state(editor, pageId)).toMatchObject({ lock: 1, lock_uid: owner.uid, is_cur_user: 0 });
    expect(await failure(lock(editor, pageId))).toEqual({ code: ErrorCode.Failed, key: 'page_locked_by_other' });
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect(await state(editor, pageId)).toEqual({ lock: 0, exceed: 0, lock_uid: '', lock_username: '', is_cur_user: 0, live: 0 });
    expect((await lock(editor, pageId)).id).toBeGreaterThan(0);
    expect(await state(owner, pageId)).toMatchObject({ lock: 1, lock_uid: editor.uid, lock_username: editor.username });
  });

  it('lasts 30 minutes by default and never more than 5 hours', async () => {
    const pageId = await newPage();
    const locks = world.ctx.app.get(DocumentStore).collection<{ page_id: number; lock_to: number }>('page_locks');
    const before = nowSeconds();
    await lock(owner, pageId);
    expect((await locks.findOne({ page_id: pageId }))?.lock_to).toBeGreaterThanOrEqual(before + 30 * 60);
    expect((await locks.findOne({ page_id: pageId }))?.lock_to).toBeLessThanOrEqual(nowSeconds() + 30 * 60);
    await lock(owner, pageId, before + 365 * 24 * 3600);
    expect((await locks.findOne({ page_id: pageId }))?.lock_to).toBeLessThanOrEqual(nowSeconds() + PAGE_LOCK_MAX_SECONDS);
  });

  it("is for editors: a read-only member and a stranger cannot lock; a stranger cannot even read a private item's lock", async () => {
    const pageId = await newPage({ password: 'visit' });
    expect(await failure(lock(reader, pageId))).toEqual({ code: ErrorCode.NoPermission, key: 'no_permission' });
    expect((await failure(lock(stranger, pageId))).code).toBe(ErrorCode.NoPermission);
    expect(await state(reader, pageId)).toMatchObject({ lock: 0 });
    expect((await failure(state(stranger, pageId))).code).toBe(ErrorCode.NotCreator);
    expect(await failure(lock(owner, 99_999_999))).toEqual({ code: ErrorCode.Failed, key: 'page_not_found' });
  });

  it("lets go of the caller's own lock only: a past lock_to or page/unlock; someone else's stays", async () => {
    const pageId = await newPage();
    await lock(owner, pageId);
    expect(await world.send(Subject.PageLockRelease, editor, { page_id: pageId })).toEqual([]);
    expect(await lock(editor, pageId, 1000)).toEqual({ id: 0 });
    expect(await state(editor, pageId)).toMatchObject({ lock: 1, lock_uid: owner.uid });
    expect(await lock(owner, pageId, 1000)).toEqual({ id: 0 });
    expect(await state(editor, pageId)).toMatchObject({ lock: 0 });
  });
});
