import { ChangeFeed } from '@quire/platform';
import { MemberGroup, type PageRow, SEARCH_CHANGE_TOPIC, type SearchChange, Subject } from '@quire/proto';
import { ChangeRecorder } from '@quire/testing';
import { bootPageApp, PageWorld, type User } from './page.factory';

/** What the search index hears (ChangeFeed topic `content`) after each kind of page and catalog write. */
describe('page service: search change notices', () => {
  let world: PageWorld;
  let owner: User;
  let changes: ChangeRecorder<SearchChange>;

  beforeAll(async () => {
    world = new PageWorld(await bootPageApp());
    owner = await world.user();
    changes = await ChangeRecorder.start<SearchChange>(world.ctx.app, SEARCH_CHANGE_TOPIC);
  });
  afterAll(() => world.ctx.close());

  const pageChange = (itemId: number, pageId: number): SearchChange => ({ kind: 'page', item_id: itemId, page_id: pageId });
  const catalogChange = (itemId: number, catId: number): SearchChange => ({ kind: 'catalog', item_id: itemId, cat_id: catId });

  it('names a page created, edited or moved to another catalog, by the time the save answers', async () => {
    const itemId = await world.item(owner);
    const catId = await world.catalog(owner, itemId, 'Guide');
    let page: PageRow | undefined;

    expect(await changes.during(async () => (page = await world.page(owner, itemId, 'Install')))).toEqual([pageChange(itemId, page?.page_id ?? 0)]);
    const pageId = page?.page_id ?? 0;
    expect(await changes.during(() => world.page(owner, itemId, 'Install', { page_id: pageId, page_content: 'apt-get install quire' }))).toEqual([pageChange(itemId, pageId)]);
    expect(await changes.during(() => world.page(owner, itemId, 'Install', { page_id: pageId, cat_id: catId }))).toEqual([pageChange(itemId, pageId)]);
  });

  it('names a page deleted to the recycle bin and restored from it', async () => {
    const itemId = await world.item(owner);
    const page = await world.page(owner, itemId, 'Old notes');

    expect(await changes.during(() => world.send(Subject.PagePageDelete, owner, { page_id: page.page_id }))).toEqual([pageChange(itemId, page.page_id)]);
    expect(await changes.during(() => world.send(Subject.PageRecycleRecover, owner, { item_id: itemId, page_id: page.page_id }))).toEqual([pageChange(itemId, page.page_id)]);
  });

  it('names a page the open API wrote by its title', async () => {
    const itemId = await world.item(owner);
    let page: PageRow | undefined;

    const announced = await changes.during(async () => {
      page = await world.send<PageRow>(Subject.PagePageUpsertByTitle, owner, {
        item_id: itemId,
        cat_name: 'API/Users',
        page_title: 'Login',
        page_content: 'POST /login',
        author_username: 'ci',
      });
    });

    expect(announced).toEqual([pageChange(itemId, page?.page_id ?? 0)]);
  });

  it('names a catalog renamed, moved or deleted, and stays silent when only its order changed or it was created', async () => {
    const itemId = await world.item(owner);
    const parent = await world.catalog(owner, itemId, 'Parent');
    let catId = 0;
    expect(await changes.during(async () => (catId = await world.catalog(owner, itemId, 'Errors')))).toEqual([]);
    await world.page(owner, itemId, 'E1001', { cat_id: catId });
    const save = (params: Record<string, unknown>) => changes.during(() => world.send(Subject.PageCatalogSave, owner, { item_id: itemId, cat_id: catId, ...params }));

    expect(await save({ cat_name: 'Error codes' })).toEqual([catalogChange(itemId, catId)]);
    expect(await save({ cat_name: 'Error codes', parent_cat_id: parent })).toEqual([catalogChange(itemId, catId)]);
    expect(await save({ cat_name: 'Error codes', parent_cat_id: parent, s_number: 7 })).toEqual([]);
    expect(await changes.during(() => world.send(Subject.PageCatalogDelete, owner, { item_id: itemId, cat_id: parent }))).toEqual([catalogChange(itemId, parent)]);
  });

  it('names each catalog a drag-and-drop batch renamed or moved, not those it only reordered', async () => {
    const itemId = await world.item(owner);
    const [a, b, c] = [await world.catalog(owner, itemId, 'A'), await world.catalog(owner, itemId, 'B'), await world.catalog(owner, itemId, 'C')];
    const cats = [
      { cat_id: a, cat_name: 'A renamed', parent_cat_id: 0, s_number: 1 },
      { cat_id: b, cat_name: 'B', parent_cat_id: a, s_number: 2 },
      { cat_id: c, cat_name: 'C', parent_cat_id: 0, s_number: 3 },
    ];

    const announced = await changes.during(() => world.send(Subject.PageCatalogBatchUpdate, owner, { item_id: itemId, cats: JSON.stringify(cats) }));

    expect(announced).toEqual([catalogChange(itemId, a), catalogChange(itemId, b)]);
  });

  it('announces nothing for a write that is refused', async () => {
    const itemId = await world.item(owner);
    const reader = await world.user();
    await world.member(itemId, reader, MemberGroup.ReadOnly);
    const page = await world.page(owner, itemId, 'Locked');

    expect(await changes.duringFailure(() => world.page(reader, itemId, 'Mine now', { page_id: page.page_id }))).toEqual([]);
    expect(await changes.duringFailure(() => world.send(Subject.PagePageDelete, reader, { page_id: page.page_id }))).toEqual([]);
  });
});

describe('page service: a save while change notices cannot be published', () => {
  it('keeps the save and answers it (the notice is logged, the search service can rebuild)', async () => {
    const world = new PageWorld(await bootPageApp());
    try {
      const owner = await world.user();
      const itemId = await world.item(owner);
      await world.ctx.app.get(ChangeFeed).close();

      const saved = await world.page(owner, itemId, 'Saved anyway');

      expect(saved).toMatchObject({ item_id: itemId, page_title: 'Saved anyway' });
      expect(await world.send(Subject.PagePageInfo, owner, { page_id: saved.page_id })).toMatchObject({ page_title: 'Saved anyway' });
    } finally {
      await world.ctx.close();
    }
  });
});
