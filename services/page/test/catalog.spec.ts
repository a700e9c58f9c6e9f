import { DocumentStore } from '@quire/platform';
import { type CatalogGroup, type CatalogPage, type CatalogRow, type DefaultCatalog, type Menu, type PageHistoryRow, type RecycleEntry, Subject } from '@quire/proto';
import { bootPageApp, failure, PageWorld, type User } from './page.factory';

describe('page service: catalogs and menus', () => {
  let world: PageWorld;
  let owner: User;

  beforeAll(async () => {
    world = new PageWorld(await bootPageApp());
    owner = await world.user();
  });
  afterAll(() => world.ctx.close());

  const levels = async (itemId: number) => {
    const rows = await world.ctx.app.get(DocumentStore).collection<{ item_id: number; cat_id: number; level: number }>('catalogs').find({ item_id: itemId });
    return Object.fromEntries(rows.map((row) => [row.cat_id, row.level]));
  };

  describe('catalog/save', () => {
    it('creates catalogs on levels 2 to 4 with the defaults and answers the row', async () => {
      const itemId = await world.item(owner);
      const row = await world.send<CatalogRow>(Subject.PageCatalogSave, owner, { item_id: itemId, cat_name: 'Guide <1>' });
      expect(row).toMatchObject({ cat_name: 'Guide &lt;1&gt;', item_id: itemId, s_number: 99, parent_cat_id: 0, level: 2 });
      expect(typeof row.addtime).toBe('number');
      const l3 = await world.catalog(owner, itemId, 'L3', row.cat_id, { s_number: -4 });
      const l4 = await world.catalog(owner, itemId, 'L4', l3);
      expect(await levels(itemId)).toEqual({ [row.cat_id]: 2, [l3]: 3, [l4]: 4 });
    });

    it('refuses a catalog nested too deep, a cycle, itself as parent, a foreign parent, an empty or huge name', async () => {
      const itemId = await world.item(owner);
      const a = await world.catalog(owner, itemId, 'A');
      const b = await world.catalog(owner, itemId, 'B', a);
      const c = await world.catalog(owner, itemId, 'C', b);
      const other = await world.item(owner);
      const foreign = await world.catalog(owner, other, 'Foreign');
      const save = (params: Record<string, unknown>) => failure(world.send(Subject.PageCatalogSave, owner, { item_id: itemId, cat_name: 'x', ...params }));
      expect(await save({ parent_cat_id: c })).toEqual({ code: 10101, key: 'catalog_too_deep' });
      expect(await save({ cat_id: a, parent_cat_id: c })).toEqual({ code: 10101, key: 'catalog_parent_descendant' });
      expect(await save({ cat_id: b, parent_cat_id: b })).toEqual({ code: 10101, key: 'catalog_parent_self' });
      expect(await save({ parent_cat_id: foreign })).toEqual({ code: 10101, key: 'catalog_not_found' });
      expect(await save({ cat_id: foreign })).toEqual({ code: 10101, key: 'catalog_not_found' });
      expect(await save({ cat_name: '   ' })).toEqual({ code: 10101, key: 'catalog_name_required' });
      expect(await save({ cat_name: 'n'.repeat(1024 * 1024) })).toEqual({ code: 10101, key: 'param_too_long' });
      expect(await save({ parent_cat_id: 'x' })).toEqual({ code: 10101, key: 'param_not_integer' });
      expect(await failure(world.send(Subject.PageCatalogSave, owner, { cat_name: 'x' }))).toEqual({ code: 10101, key: 'param_required' });
      expect(await levels(itemId)).toEqual({ [a]: 2, [b]: 3, [c]: 4 });
    });

    it('recomputes the levels of sub-catalogs when a catalog moves, and refuses a move that would nest them too deep', async () => {
      const itemId = await world.item(owner);
      const a = await world.catalog(owner, itemId, 'A');
      const b = await world.catalog(owner, itemId, 'B', a);
      const c = await world.catalog(owner, itemId, 'C', b);
      const x = await world.catalog(owner, itemId, 'X');
      const moved = await world.send<CatalogRow>(Subject.PageCatalogSave, owner, { item_id: itemId, cat_id: b, parent_cat_id: 0, cat_name: 'B' });
      expect(moved).toMatchObject({ level: 2, s_number: 99 });
      expect(await levels(itemId)).toEqual({ [a]: 2, [b]: 2, [c]: 3, [x]: 2 });
      const y = await world.catalog(owner, itemId, 'Y', x);
      expect(await failure(world.send(Subject.PageCatalogSave, owner, { item_id: itemId, cat_id: b, parent_cat_id: y, cat_name: 'B' }))).toEqual({
        code: 10101,
        key: 'catalog_has_children',
      });
    });
  });

  describe('catalog/delete', () => {
    it('deletes the catalog and every sub-catalog on every branch, their pages going to the recycle bin', async () => {
      const itemId = await world.item(owner);
      const top = await world.catalog(owner, itemId, 'Top');
      const first = await world.catalog(owner, itemId, 'First', top);
      const second = await world.catalog(owner, itemId, 'Second', top);
      const deep = await world.catalog(owner, itemId, 'Deep', second);
      const keep = await world.catalog(owner, itemId, 'Keep');
      const pages = await Promise.all([top, first, second, deep, keep].map((cat, i) => world.page(owner, itemId, `P${i}`, { cat_id: cat })));
      expect(await world.send(Subject.PageCatalogDelete, owner, { item_id: itemId, cat_id: top })).toBe(true);
      expect(await levels(itemId)).toEqual({ [keep]: 2 });
      const bin = await world.send<RecycleEntry[]>(Subject.PageRecycleList, owner, { item_id: itemId });
      expect(bin.map((entry) => entry.page_id).sort((a, b) => a - b)).toEqual(
        pages
          .slice(0, 4)
          .map((page) => page.page_id)
          .sort((a, b) => a - b),
      );
      const menu = await world.send<Menu>(Subject.PageMenuGet, owner, { item_id: itemId });
      expect(menu.catalogs.map((cat) => cat.cat_name)).toEqual(['Keep']);
    });

    it('answers -1 without a catalog, for another item, and without the edit right', async () => {
      const itemId = await world.item(owner);
      const cat = await world.catalog(owner, itemId, 'Mine');
      const stranger = await world.user();
      expect(await failure(world.send(Subject.PageCatalogDelete, owner, { item_id: itemId, cat_id: 0 }))).toEqual({ code: -1, key: 'catalog_request_fail' });
      expect(await failure(world.send(Subject.PageCatalogDelete, owner, { item_id: itemId + 1000, cat_id: cat }))).toEqual({ code: -1, key: 'catalog_request_fail' });
      expect(await failure(world.send(Subject.PageCatalogDelete, stranger, { item_id: itemId, cat_id: cat }))).toEqual({ code: -1, key: 'catalog_no_permissions' });
      expect(await failure(world.send(Subject.PageCatalogDelete, owner, { item_id: itemId, cat_id: 'abc' }))).toMatchObject({ code: -1 });
      expect(await levels(itemId)).toEqual({ [cat]: 2 });
    });
  });

  describe('catalog/catListGroup, getDefaultCat, batUpdate, getPagesBycat', () => {
    it('lists top catalogs with nested sub, sorted by s_number then id, times formatted', async () => {
      const itemId = await world.item(owner);
      const b = await world.catalog(owner, itemId, 'B', 0, { s_number: 5 });
      const a = await world.catalog(owner, itemId, 'A', 0, { s_number: 5 });
      const first = await world.catalog(owner, itemId, 'First', 0, { s_number: 1 });
      const child = await world.catalog(owner, itemId, 'Child', b);
      const groups = await world.send<CatalogGroup[]>(Subject.PageCatalogListGroup, owner, { item_id: itemId });
      expect(groups.map((group) => group.cat_id)).toEqual([first, b, a]);
      expect(groups[1].sub).toEqual([expect.objectContaining({ cat_id: child, level: 3, sub: [] })]);
      expect(groups[0].addtime).toMatch(/^\d{4}-\d\d-\d\d /);
    });

    it('preselects the page catalog, the history version catalog, or the catalog of my last page', async () => {
      const itemId = await world.item(owner);
      const one = await world.catalog(owner, itemId, 'One');
      const two = await world.catalog(owner, itemId, 'Two');
      const page = await world.page(owner, itemId, 'P', { cat_id: one });
      await world.save(owner, { item_id: itemId, page_id: page.page_id, cat_id: two, page_content: 'moved' });
      const [version] = await world.send<PageHistoryRow[]>(Subject.PagePageHistory, owner, { page_id: page.page_id });
      const ask = (params: Record<string, unknown>) => world.send<DefaultCatalog>(Subject.PageCatalogDefault, owner, params);
      expect(await ask({ page_id: page.page_id })).toEqual({ default_cat_id: two });
      expect(await ask({ page_id: page.page_id, page_history_id: version.page_history_id })).toEqual({ default_cat_id: one });
      expect(await ask({ item_id: itemId })).toEqual({ default_cat_id: two });
      expect(await ask({ item_id: await world.item(owner) })).toEqual({ default_cat_id: null });
      const stranger = await world.user();
      expect(await failure(world.send(Subject.PageCatalogDefault, stranger, { item_id: itemId }))).toEqual({ code: 10101, key: 'catalog_no_permissions' });
    });

    it('batch-updates names, parents and order, recomputing levels, and refuses a cycle as a whole', async () => {
      const itemId = await world.item(owner);
      const a = await world.catalog(owner, itemId, 'A');
      const b = await world.catalog(owner, itemId, 'B');
      const c = await world.catalog(owner, itemId, 'C', b);
      const other = await world.item(owner);
      const foreign = await world.catalog(owner, other, 'Foreign');
      const cats = [
        { cat_id: b, cat_name: 'B2', parent_cat_id: a, level: 2, s_number: 3 },
        { cat_id: c, cat_name: 'C', parent_cat_id: b, level: 2, s_number: 1 },
        { cat_id: foreign, cat_name: 'Hijacked', parent_cat_id: 0, level: 2, s_number: 1 },
      ];
      expect(await world.send(Subject.PageCatalogBatchUpdate, owner, { item_id: itemId, cats: JSON.stringify(cats) })).toEqual([]);
      expect(await levels(itemId)).toEqual({ [a]: 2, [b]: 3, [c]: 4 });
      expect((await world.send<CatalogGroup[]>(Subject.PageCatalogListGroup, owner, { item_id: other }))[0].cat_name).toBe('Foreign');
      const cycle = [{ cat_id: a, cat_name: 'A', parent_cat_id: c, level: 2, s_number: 1 }];
      expect(await failure(world.send(Subject.PageCatalogBatchUpdate, owner, { item_id: itemId, cats: JSON.stringify(cycle) }))).toEqual({
        code: 10101,
        key: 'catalog_parent_descendant',
      });
      expect(await failure(world.send(Subject.PageCatalogBatchUpdate, owner, { item_id: itemId, cats: '[{' }))).toMatchObject({ key: 'page_json_invalid' });
      expect(await levels(itemId)).toEqual({ [a]: 2, [b]: 3, [c]: 4 });
    });

    it('lists the live pages of one catalog in menu order', async () => {
      const itemId = await world.item(owner);
      const cat = await world.catalog(owner, itemId, 'Cat');
      await world.page(owner, itemId, 'Later', { cat_id: cat, s_number: 9 });
      await world.page(owner, itemId, 'Sooner', { cat_id: cat, s_number: -1 });
      await world.page(owner, itemId, 'Root');
      const pages = await world.send<CatalogPage[]>(Subject.PageCatalogPages, owner, { item_id: itemId, cat_id: cat });
      expect(pages.map((page) => [page.page_title, page.s_number])).toEqual([
        ['Sooner', -1],
        ['Later', 9],
      ]);
    });
  });

  describe('page.menu.get', () => {
    it('builds the nested menu of live pages', async () => {
      const itemId = await world.item(owner);
      const top = await world.catalog(owner, itemId, 'Top');
      const mid = await world.catalog(owner, itemId, 'Mid', top);
      const leaf = await world.catalog(owner, itemId, 'Leaf', mid);
      await world.page(owner, itemId, 'Root', { page_content: 'nothing here' });
      await world.page(owner, itemId, 'In leaf', { cat_id: leaf, page_content: 'The (Regex) Guide' });
      await world.page(owner, itemId, 'Title MATCH', { cat_id: top });
      const gone = await world.page(owner, itemId, 'Gone match');
      await world.send(Subject.PagePageDelete, owner, { page_id: gone.page_id });
      const menu = await world.send<Menu>(Subject.PageMenuGet, owner, { item_id: itemId });
      expect(menu.pages.map((page) => page.page_title)).toEqual(['Root']);
      expect(menu.catalogs[0]).toMatchObject({ cat_id: top, level: 2, pages: [{ page_title: 'Title MATCH' }] });
      const leafNode = menu.catalogs[0].catalogs?.[0].catalogs?.[0];
      expect(leafNode).toMatchObject({ cat_id: leaf, level: 4, pages: [{ page_title: 'In leaf' }] });
      expect(leafNode).not.toHaveProperty('catalogs');
      expect(Object.keys(menu.pages[0]).sort()).toEqual(['addtime', 'author_uid', 'cat_id', 'page_id', 'page_title']);
    });
  });

  describe('page.menu.hits', () => {
    it("answers the search's hits flat, in its order, with the menu's fields: only live pages of the item named", async () => {
      const itemId = await world.item(owner);
      const top = await world.catalog(owner, itemId, 'Top');
      const first = await world.page(owner, itemId, 'First <b>', { cat_id: top, s_number: 1 });
      const second = await world.page(owner, itemId, 'Second', { s_number: 2 });
      const gone = await world.page(owner, itemId, 'Gone');
      await world.send(Subject.PagePageDelete, owner, { page_id: gone.page_id });
      const elsewhere = await world.page(owner, await world.item(owner), 'Elsewhere');

      const pageIds = [second.page_id, gone.page_id, elsewhere.page_id, first.page_id];
      const hits = await world.send<Menu>(Subject.PageMenuHits, owner, { item_id: itemId, page_ids: pageIds });
      expect(hits).toEqual({
        pages: [
          { page_id: second.page_id, author_uid: owner.uid, cat_id: 0, page_title: 'Second', addtime: expect.any(Number) },
          { page_id: first.page_id, author_uid: owner.uid, cat_id: top, page_title: 'First &lt;b&gt;', addtime: expect.any(Number) },
        ],
        catalogs: [],
      });
      expect(await world.send<Menu>(Subject.PageMenuHits, owner, { item_id: itemId, page_ids: [] })).toEqual({ pages: [], catalogs: [] });
    });
  });
});
