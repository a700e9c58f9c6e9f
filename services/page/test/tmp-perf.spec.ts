import { Subject, type Menu } from '@quire/proto';
import { bootPageApp, PageWorld } from './page.factory';
import { MenuService } from '../src/menu/menu.service';
import { PageRepository } from '../src/page/page.repository';
import { CatalogRepository } from '../src/catalog/catalog.repository';

it('perf probe', async () => {
  const world = new PageWorld(await bootPageApp());
  const owner = await world.user();
  const itemId = await world.item(owner);
  const cats: number[] = [];
  for (let i = 0; i < 50; i++) cats.push(await world.catalog(owner, itemId, `c${i}`));
  for (let i = 0; i < 500; i++) await world.page(owner, itemId, `p${i}`, { cat_id: cats[i % 50], page_content: 'lorem ipsum '.repeat(200) });
  const time = async (name: string, n: number, fn: () => Promise<unknown>) => {
    for (let i = 0; i < 20; i++) await fn();
    const t = process.hrtime.bigint();
    for (let i = 0; i < n; i++) await fn();
    console.log(name, (Number(process.hrtime.bigint() - t) / 1e6 / n).toFixed(3), 'ms');
  };
  const menus = world.ctx.app.get(MenuService);
  const pages = world.ctx.app.get(PageRepository);
  const catalogs = world.ctx.app.get(CatalogRepository);
  await time('transport menu', 200, () => world.send<Menu>(Subject.PageMenuGet, owner, { item_id: itemId }));
  await time('direct menu', 200, () => menus.get({ item_id: itemId, keyword: '' }));
  await time('summaries', 200, () => pages.summaries(itemId));
  await time('catalogs', 200, () => catalogs.ofItem(itemId));
  await time('access check', 200, () => world.send(Subject.ItemAccessCheck, owner, { item_id: itemId }));
  await time('item info', 100, () => world.send(Subject.ItemItemInfo, owner, { item_id: itemId }));
  const { DocumentStore } = await import('@quire/platform');
  const col = world.ctx.app.get(DocumentStore).collection<Record<string, unknown>>('pages');
  await time('find item only', 100, () => col.find({ item_id: itemId }));
  await time('find item+del', 100, () => col.find({ item_id: itemId, is_del: 0 }));
  const { Session } = await import('node:inspector/promises');
  const session = new Session(); session.connect(); await session.post('Profiler.enable'); await session.post('Profiler.start');
  for (let r = 0; r < 3; r++) {
    await time('find item+del fields', 100, () => col.find({ item_id: itemId, is_del: 0 }, { fields: ['page_id', 'page_title', 'cat_id', 's_number', 'addtime', 'author_uid'] }));
    await time('find item+del', 100, () => col.find({ item_id: itemId, is_del: 0 }));
  }
  const { profile } = await session.post('Profiler.stop'); (await import('node:fs')).writeFileSync('/tmp/page.cpuprofile', JSON.stringify(profile));
  console.log('count', await col.count({}), await col.count({ item_id: itemId }));
  const menu = await menus.get({ item_id: itemId, keyword: '' });
  await time('json roundtrip', 200, async () => JSON.parse(JSON.stringify(menu)));
  await world.ctx.close();
}, 120000);
