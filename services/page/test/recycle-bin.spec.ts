import { createContextApp } from '@quire/testing';
import { DocumentStore } from '@quire/platform';
import { type Menu, MemberGroup, type PageInfo, type PurgedEntries, type PurgedPages, type RecycleBin, type RecycleEntry, type RestoredEntry, Subject } from '@quire/proto';
import { AdminModule } from '../../admin/src/admin.module';
import { AuthModule } from '../../auth/src/auth.module';
import { ItemModule } from '../../item/src/item.module';
import { PageModule } from '../src/page.module';
import { failure, PageWorld, type User } from './page.factory';

const DAY = 24 * 3600;

describe('page service: the recycle bin screen (recycle/getBin, restore, purge)', () => {
  let world: PageWorld;
  let owner: User;

  beforeAll(async () => {
    world = new PageWorld(await createContextApp([PageModule, ItemModule, AuthModule, AdminModule], { env: { LANGUAGE: 'en' } }));
    owner = await world.user();
  });
  afterAll(() => world.ctx.close());

  const bin = (itemId: number, caller: User = owner) => world.send<RecycleBin>(Subject.PageRecycleBin, caller, { item_id: itemId });
  const menu = (itemId: number) => world.send<Menu>(Subject.PageMenuGet, owner, { item_id: itemId });
  /** Moves every deletion of the item `days` into the past, as if it had been made then. */
  const age = async (itemId: number, days: number) => {
    const store = world.ctx.app.get(DocumentStore);
    const past = Math.floor(Date.now() / 1000) - days * DAY;
    await store.collection<{ item_id: number; is_del: number; addtime: number }>('pages').updateMany({ item_id: itemId, is_del: 1 }, { $set: { addtime: past } });
    await store.collection<{ item_id: number; del_time: number }>('recycle_catalogs').updateMany({ item_id: itemId }, { $set: { del_time: past } });
  };

  it('lists a deleted catalog with who deleted it and when, restores it under its parent with its sub-catalog and pages, then purges', async () => {
    const itemId = await world.item(owner);
    const guide = await world.catalog(owner, itemId, 'Guide');
    const setup = await world.catalog(owner, itemId, 'Setup <b>', guide);
    const linux = await world.catalog(owner, itemId, 'Linux', setup);
    const install = await world.page(owner, itemId, 'Install', { cat_id: setup });
    const apt = await world.page(owner, itemId, 'Apt', { cat_id: linux });
    const loose = await world.page(owner, itemId, 'Loose', { cat_id: guide });

    await world.send(Subject.PageCatalogDelete, owner, { item_id: itemId, cat_id: setup });
    await world.send(Subject.PagePageDelete, owner, { page_id: loose.page_id });
    const listed = await bin(itemId);
    expect(listed.retention_days).toBe(30);
    expect(listed.catalogs).toEqual([
      expect.objectContaining({
        cat_id: setup,
        cat_name: 'Setup &lt;b&gt;',
        parent_cat_id: guide,
        parent_exists: 1,
        sub_catalogs: 1,
        pages: 2,
        del_by_uid: owner.uid,
        del_by_username: owner.username,
      }),
    ]);
    expect(listed.catalogs[0].del_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // Pages deleted with the catalog are counted in it; the page deleted on its own is listed, its catalog still there.
    expect(listed.pages).toEqual([expect.objectContaining({ page_id: loose.page_id, page_title: 'Loose', cat_id: guide, catalog_exists: 1, del_by_username: owner.username })]);
    // ShowDoc's list still shows every deleted page.
    const showdoc = await world.send<RecycleEntry[]>(Subject.PageRecycleList, owner, { item_id: itemId });
    expect(showdoc.map((entry) => entry.page_id).sort((a, b) => a - b)).toEqual([install.page_id, apt.page_id, loose.page_id].sort((a, b) => a - b));

    const restored = await world.send<RestoredEntry>(Subject.PageRecycleRestore, owner, { item_id: itemId, kind: 'catalog', id: listed.catalogs[0].id });
    expect(restored).toEqual({ kind: 'catalog', cat_id: guide, to_old_place: 1 });
    const [guideMenu] = (await menu(itemId)).catalogs;
    expect(guideMenu.cat_name).toBe('Guide');
    const setupMenu = guideMenu.catalogs?.[0];
    expect(setupMenu).toMatchObject({ cat_id: setup, level: 3, pages: [expect.objectContaining({ page_id: install.page_id })] });
    expect(setupMenu?.catalogs?.[0]).toMatchObject({ cat_id: linux, level: 4, pages: [expect.objectContaining({ page_id: apt.page_id })] });
    expect((await bin(itemId)).catalogs).toEqual([]);

    // The loose page goes back into Guide, its old place.
    expect(await world.send<RestoredEntry>(Subject.PageRecycleRestore, owner, { item_id: itemId, kind: 'page', id: loose.page_id })).toEqual({
      kind: 'page',
      cat_id: guide,
      to_old_place: 1,
    });
    expect((await world.send<PageInfo>(Subject.PagePageInfo, owner, { page_id: loose.page_id })).cat_id).toBe(guide);

    // Delete again, then purge the catalog: its pages are gone for good.
    await world.send(Subject.PageCatalogDelete, owner, { item_id: itemId, cat_id: setup });
    const again = await bin(itemId);
    expect(await world.send<PurgedEntries>(Subject.PageRecyclePurge, owner, { item_id: itemId, kind: 'catalog', id: again.catalogs[0].id })).toEqual({ pages: 2, catalogs: 1 });
    expect(await bin(itemId)).toMatchObject({ catalogs: [], pages: [] });
    expect(await failure(world.send(Subject.PagePageInfo, owner, { page_id: install.page_id }))).toMatchObject({ code: 10101 });
    expect(await world.send(Subject.PageRecycleList, owner, { item_id: itemId })).toEqual([]);
  });

  it('restores to the item root (and says so) when the parent or the page catalog is gone', async () => {
    const itemId = await world.item(owner);
    const top = await world.catalog(owner, itemId, 'Top');
    const child = await world.catalog(owner, itemId, 'Child', top);
    const page = await world.page(owner, itemId, 'In top', { cat_id: top });
    await world.send(Subject.PagePageDelete, owner, { page_id: page.page_id });
    await world.send(Subject.PageCatalogDelete, owner, { item_id: itemId, cat_id: child });
    await world.send(Subject.PageCatalogDelete, owner, { item_id: itemId, cat_id: top });
    const listed = await bin(itemId);
    expect(listed.catalogs.map((entry) => [entry.cat_name, entry.parent_exists])).toEqual([
      ['Top', 0],
      ['Child', 0],
    ]);
    expect(listed.pages).toEqual([expect.objectContaining({ page_id: page.page_id, catalog_exists: 0 })]);
    const childEntry = listed.catalogs[1];
    expect(await world.send<RestoredEntry>(Subject.PageRecycleRestore, owner, { item_id: itemId, kind: 'catalog', id: childEntry.id })).toEqual({
      kind: 'catalog',
      cat_id: 0,
      to_old_place: 0,
    });
    expect(await world.send<RestoredEntry>(Subject.PageRecycleRestore, owner, { item_id: itemId, kind: 'page', id: page.page_id })).toEqual({ kind: 'page', cat_id: 0, to_old_place: 0 });
    const restoredMenu = await menu(itemId);
    expect(restoredMenu.catalogs.map((catalog) => [catalog.cat_name, catalog.level])).toEqual([['Child', 2]]);
    expect(restoredMenu.pages.map((entry) => entry.page_id)).toEqual([page.page_id]);
  });

  it('empties the whole bin, and refuses readers, strangers, unknown entries and half a target', async () => {
    const itemId = await world.item(owner);
    const cat = await world.catalog(owner, itemId, 'Gone');
    await world.page(owner, itemId, 'One', { cat_id: cat });
    const two = await world.page(owner, itemId, 'Two');
    await world.send(Subject.PageCatalogDelete, owner, { item_id: itemId, cat_id: cat });
    await world.send(Subject.PagePageDelete, owner, { page_id: two.page_id });

    const reader = await world.user();
    await world.member(itemId, reader, MemberGroup.ReadOnly);
    const stranger = await world.user();
    expect(await failure(bin(itemId, reader))).toEqual({ code: 10103, key: 'no_permission' });
    expect(await failure(bin(itemId, stranger))).toEqual({ code: 10103, key: 'no_permission' });
    expect(await failure(world.send(Subject.PageRecyclePurge, reader, { item_id: itemId }))).toEqual({ code: 10103, key: 'no_permission' });
    expect(await failure(world.send(Subject.PageRecycleRestore, owner, { item_id: itemId, kind: 'catalog', id: 999999 }))).toEqual({ code: 10101, key: 'recycle_catalog_not_found' });
    expect(await failure(world.send(Subject.PageRecycleRestore, owner, { item_id: itemId, kind: 'page', id: 999999 }))).toEqual({ code: 10101, key: 'recycle_page_not_found' });
    expect(await failure(world.send(Subject.PageRecycleRestore, owner, { item_id: itemId, kind: 'folder', id: 1 }))).toEqual({ code: 10101, key: 'param_not_one_of' });
    expect(await failure(world.send(Subject.PageRecyclePurge, owner, { item_id: itemId, kind: 'page' }))).toEqual({ code: 10101, key: 'param_required' });
    expect(await failure(world.send(Subject.PageRecyclePurge, owner, { item_id: itemId, id: two.page_id }))).toEqual({ code: 10101, key: 'param_required' });

    expect(await world.send<PurgedEntries>(Subject.PageRecyclePurge, owner, { item_id: itemId })).toEqual({ pages: 2, catalogs: 1 });
    expect(await bin(itemId)).toMatchObject({ catalogs: [], pages: [] });
  });

  it('keeps deletions for the days the administrator set, then the scheduled purge removes pages and catalogs', async () => {
    const admin = await world.user({ groupid: 1 });
    const itemId = await world.item(owner);
    const cat = await world.catalog(owner, itemId, 'Old');
    await world.page(owner, itemId, 'Old page', { cat_id: cat });
    await world.send(Subject.PageCatalogDelete, owner, { item_id: itemId, cat_id: cat });
    await age(itemId, 10);
    expect(await failure(world.send(Subject.AdminSettingSave, admin, { recycle_retention_days: 0 }))).toEqual({ code: 10101, key: 'param_out_of_range' });
    await world.send(Subject.AdminSettingSave, admin, { recycle_retention_days: 12 });
    expect((await bin(itemId)).retention_days).toBe(12);
    await world.send<PurgedPages>(Subject.PageMaintenancePurge, owner, {});
    expect((await bin(itemId)).catalogs).toHaveLength(1);
    await world.send(Subject.AdminSettingSave, admin, { recycle_retention_days: 7 });
    expect(await world.send<PurgedPages>(Subject.PageMaintenancePurge, owner, {})).toEqual({ pages: 1 });
    expect(await bin(itemId)).toMatchObject({ retention_days: 7, catalogs: [], pages: [] });
  });
});
