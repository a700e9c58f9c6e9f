import { createHash } from 'node:crypto';
import { BlobStorage } from '@quire/platform';
import { type Menu, type PageHistoryRow, type PageInfo, type RecycleEntry, Subject } from '@quire/proto';
import { failNthCall } from '@quire/testing';
import { CatalogRepository } from '../src/catalog/catalog.repository';
import { PageRepository } from '../src/page/page.repository';
import { PageModule } from '../src/page.module';
import { RecycleRepository } from '../src/recycle/recycle.repository';
import { bootPageApp, PageWorld, type User } from './page.factory';

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * A page change that writes several rows keeps all of them or none: each test fails a later write
 * as a broken store would and checks that the earlier ones of the same change are gone too.
 */
describe('page service: a change is kept whole or not at all', () => {
  let world: PageWorld;
  let owner: User;

  beforeAll(async () => {
    world = new PageWorld(await bootPageApp());
    owner = await world.user();
  });
  afterAll(() => world.ctx.close());

  /** The repositories the page module's services use (the attachment and export modules hold copies of their own). */
  const pages = () => world.ctx.app.select(PageModule).get(PageRepository, { strict: true });
  const bin = () => world.ctx.app.select(PageModule).get(RecycleRepository, { strict: true });
  const catalogs = () => world.ctx.app.select(PageModule).get(CatalogRepository, { strict: true });
  const binOf = (itemId: number) => world.send<RecycleEntry[]>(Subject.PageRecycleList, owner, { item_id: itemId });
  const menuOf = (itemId: number) => world.send<Menu>(Subject.PageMenuGet, owner, { item_id: itemId });

  /** Runs `change`, which must fail, while the `nth` call of a repository method fails. */
  const failing = async <T extends object>(target: T, method: keyof T & string, nth: number, change: () => Promise<unknown>) => {
    const restore = failNthCall(target, method, nth);
    try {
      await expect(change()).rejects.toBeDefined();
    } finally {
      restore();
    }
  };

  it('page/save: a save whose page write fails records no version, and the body stored for it goes again', async () => {
    const itemId = await world.item(owner);
    const page = await world.page(owner, itemId, 'Kept', { page_content: 'first text' });
    await world.save(owner, { page_id: page.page_id, page_title: 'Kept', page_content: 'second text' });

    await failing(pages(), 'update', 1, () => world.save(owner, { page_id: page.page_id, page_title: 'Lost', page_content: 'third text' }));

    const history = await world.send<PageHistoryRow[]>(Subject.PagePageHistory, owner, { page_id: page.page_id });
    expect(history.map((row) => row.page_content)).toEqual(['first text']);
    expect(await world.send<PageInfo>(Subject.PagePageInfo, owner, { page_id: page.page_id })).toMatchObject({ page_title: 'Kept', page_content: 'second text' });
    expect(await world.ctx.app.get(BlobStorage).stat(`history/${sha('second text')}`)).toBeNull();
    // The next save records the version as usual.
    await world.save(owner, { page_id: page.page_id, page_title: 'Kept', page_content: 'third text' });
    const after = await world.send<PageHistoryRow[]>(Subject.PagePageHistory, owner, { page_id: page.page_id });
    expect(after.map((row) => row.page_content)).toEqual(['second text', 'first text']);
  });

  it('page.item.copy: a copy whose pages could not be written leaves no catalog in the target item', async () => {
    const source = await world.item(owner);
    const top = await world.catalog(owner, source, 'Top');
    await world.page(owner, source, 'In the catalog', { cat_id: top });
    const target = await world.item(owner);

    await failing(pages(), 'createMany', 1, () => world.send(Subject.PageItemCopy, owner, { from_item_id: source, to_item_id: target }));

    expect(await menuOf(target)).toMatchObject({ pages: [], catalogs: [] });
  });

  it('page/delete: a page that could not be marked deleted gets no bin entry and stays live', async () => {
    const itemId = await world.item(owner);
    const page = await world.page(owner, itemId, 'Stays');

    await failing(pages(), 'markRecycled', 1, () => world.send(Subject.PagePageDelete, owner, { page_id: page.page_id }));

    expect(await binOf(itemId)).toEqual([]);
    expect((await menuOf(itemId)).pages.map((row) => row.page_id)).toEqual([page.page_id]);
  });

  it('catalog/delete: a catalog that could not be deleted keeps its pages live and out of the bin', async () => {
    const itemId = await world.item(owner);
    const catId = await world.catalog(owner, itemId, 'Stays');
    await world.page(owner, itemId, 'Inside', { cat_id: catId });

    await failing(catalogs(), 'deleteByIds', 1, () => world.send(Subject.PageCatalogDelete, owner, { item_id: itemId, cat_id: catId }));

    expect(await binOf(itemId)).toEqual([]);
    expect((await menuOf(itemId)).catalogs).toEqual([expect.objectContaining({ cat_id: catId, pages: [expect.objectContaining({ page_title: 'Inside' })] })]);
  });

  it('recycle/recover: a page whose bin entry could not be removed stays in the bin, deleted', async () => {
    const itemId = await world.item(owner);
    const page = await world.page(owner, itemId, 'Binned');
    await world.send(Subject.PagePageDelete, owner, { page_id: page.page_id });

    await failing(bin(), 'deleteByPage', 1, () => world.send(Subject.PageRecycleRecover, owner, { item_id: itemId, page_id: page.page_id }));

    expect((await binOf(itemId)).map((entry) => entry.page_id)).toEqual([page.page_id]);
    expect((await menuOf(itemId)).pages).toEqual([]);
  });
});
