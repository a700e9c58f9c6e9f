import { MemberGroup, type MemberRow, type PageRow, SEARCH_CHANGE_TOPIC, type SearchChange, Subject } from '@quire/proto';
import { ChangeRecorder, type ContextApp } from '@quire/testing';
import { bootItemApp, ItemWorld, type User } from './item.factory';

/** What the search index hears (ChangeFeed topic `content`) after each kind of item, member and visibility write. */
describe('item service: search change notices', () => {
  let ctx: ContextApp;
  let world: ItemWorld;
  let owner: User;
  let changes: ChangeRecorder<SearchChange>;

  beforeAll(async () => {
    ctx = await bootItemApp();
    world = new ItemWorld(ctx);
    owner = await world.user();
    changes = await ChangeRecorder.start<SearchChange>(ctx.app, SEARCH_CHANGE_TOPIC);
  });
  afterAll(() => ctx.close());

  const itemChange = (itemId: number): SearchChange => ({ kind: 'item', item_id: itemId });
  const accessChange = (itemId: number): SearchChange => ({ kind: 'access', item_id: itemId });

  it('names an item renamed, and its readers changed when its visit password is set or removed; not for a new description', async () => {
    const itemId = await world.item(owner);
    const update = (params: Record<string, unknown>) => changes.during(() => world.send(Subject.ItemItemUpdate, owner, { item_id: itemId, ...params }));

    expect(await update({ item_name: 'Payments API' })).toEqual([itemChange(itemId)]);
    expect(await update({ item_description: 'What the payment service answers' })).toEqual([]);
    expect(await update({ password: 'secret' })).toEqual([accessChange(itemId)]);
    expect(await update({ password: '' })).toEqual([accessChange(itemId)]);
  });

  it('names the item whose members change: added, removed, or leaving it themselves', async () => {
    const itemId = await world.item(owner);
    const [reader, leaver] = [await world.user(), await world.user()];
    await world.member(itemId, leaver, MemberGroup.ReadOnly);
    let row: MemberRow | undefined;

    expect(await changes.during(async () => (row = await world.send<MemberRow>(Subject.ItemMemberSave, owner, { item_id: itemId, username: reader.username })))).toEqual([
      accessChange(itemId),
    ]);
    expect(await changes.during(() => world.send(Subject.ItemMemberDelete, owner, { item_id: itemId, item_member_id: row?.item_member_id }))).toEqual([accessChange(itemId)]);
    expect(await changes.during(() => world.send(Subject.ItemItemExit, leaver, { item_id: itemId }))).toEqual([accessChange(itemId)]);
  });

  it('names an item archived, handed over, and deleted', async () => {
    const itemId = await world.item(owner);
    const heir = await world.user();

    expect(await changes.during(() => world.send(Subject.ItemItemArchive, owner, { item_id: itemId, password: owner.password }))).toEqual([itemChange(itemId)]);
    expect(await changes.during(() => world.send(Subject.ItemItemAttorn, owner, { item_id: itemId, username: heir.username, password: owner.password }))).toEqual([itemChange(itemId)]);
    expect(await changes.during(() => world.send(Subject.ItemItemDelete, heir, { item_id: itemId, password: heir.password }))).toEqual([itemChange(itemId)]);
  });

  it('names a copy once it is live with its pages, and a new single-page item; not an empty new item', async () => {
    const source = await world.item(owner);
    await world.send<PageRow>(Subject.PagePageSave, owner, { item_id: source, page_title: 'Setup', page_content: 'npm start' });
    let copy = 0;
    let single = 0;

    expect(await changes.during(async () => (copy = (await world.send<{ item_id: number }>(Subject.ItemItemAdd, owner, { item_name: 'Copy', copy_item_id: source })).item_id))).toEqual([
      itemChange(copy),
    ]);
    expect(await changes.during(async () => (single = await world.item(owner, { type: 2, name: 'One pager' })))).toEqual([itemChange(single)]);
    expect(await changes.during(() => world.item(owner))).toEqual([]);
  });

  it("names both the single-page item and its page when the page is saved under a new title (the item's name follows it)", async () => {
    const itemId = await world.item(owner, { type: 2, name: 'Runbook' });
    const page = await world.send<PageRow | null>(Subject.PageItemSinglePage, owner, { item_id: itemId });

    const announced = await changes.during(() => world.send(Subject.PagePageSave, owner, { page_id: page?.page_id, page_title: 'On-call runbook', page_content: 'Call the DBA' }));

    expect(announced).toEqual([itemChange(itemId), { kind: 'page', item_id: itemId, page_id: page?.page_id }]);
  });

  it('names what the administrator changed: an item deleted or handed over, the items a deleted user was a member of', async () => {
    const admin = await world.user({ groupid: 1 });
    const [first, second, third] = [await world.item(owner), await world.item(owner), await world.item(owner)];
    const [heir, leaving] = [await world.user(), await world.user()];
    await world.member(first, leaving, MemberGroup.ReadOnly);
    await world.member(third, leaving, MemberGroup.Edit);

    expect(await changes.during(() => world.send(Subject.ItemAdminAttorn, admin, { item_id: second, username: heir.username }))).toEqual([itemChange(second)]);
    expect(await changes.during(() => world.send(Subject.ItemAdminDelete, admin, { item_id: second }))).toEqual([itemChange(second)]);
    expect(await changes.during(() => world.send(Subject.ItemAdminForgetUser, admin, { uid: leaving.uid }))).toEqual([accessChange(first), accessChange(third)]);
  });

  it('announces nothing for a write that is refused', async () => {
    const itemId = await world.item(owner);
    const stranger = await world.user();

    expect(await changes.duringFailure(() => world.send(Subject.ItemItemUpdate, stranger, { item_id: itemId, item_name: 'Mine' }))).toEqual([]);
    expect(await changes.duringFailure(() => world.send(Subject.ItemItemDelete, owner, { item_id: itemId, password: 'wrong' }))).toEqual([]);
  });
});
