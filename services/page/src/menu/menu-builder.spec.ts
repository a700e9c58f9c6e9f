import type { CatalogEntity } from '../catalog/catalog.entity';
import type { PageSummary } from '../page/page.repository';
import { buildHitsMenu, buildMenu } from './menu-builder';

const page = (page_id: number, cat_id: number, s_number = 99, page_title = `p${page_id}`): PageSummary => ({
  page_id,
  cat_id,
  s_number,
  page_title,
  author_uid: 1,
  addtime: 1700000000,
});
const catalog = (cat_id: number, parent_cat_id: number, level: number, s_number = 99): CatalogEntity => ({
  cat_id,
  parent_cat_id,
  level,
  s_number,
  cat_name: `c${cat_id}`,
  item_id: 1,
  addtime: 1700000000,
});

describe('buildMenu', () => {
  it('nests catalogs to level 4, sorts by s_number then id, and leaves the catalogs key out at level 4', () => {
    const menu = buildMenu(
      [page(5, 0, 10), page(4, 0, 10), page(3, 0, 1), page(6, 12), page(7, 13)],
      [catalog(13, 12, 4), catalog(12, 11, 3), catalog(11, 0, 2, 5), catalog(10, 0, 2, 5), catalog(9, 0, 2, 1)],
    );
    expect(menu.pages.map((p) => p.page_id)).toEqual([3, 4, 5]);
    expect(menu.catalogs.map((c) => c.cat_id)).toEqual([9, 10, 11]);
    const level3 = menu.catalogs[2].catalogs?.[0];
    expect(level3).toMatchObject({ cat_id: 12, level: 3, pages: [{ page_id: 6 }] });
    const level4 = level3?.catalogs?.[0];
    expect(level4).toMatchObject({ cat_id: 13, level: 4, pages: [{ page_id: 7, cat_id: 13 }] });
    expect(level4).not.toHaveProperty('catalogs');
    expect(menu.catalogs[0]).toEqual(expect.objectContaining({ catalogs: [], pages: [] }));
  });

  it('escapes titles and names for the innerHTML client', () => {
    const menu = buildMenu([page(1, 0, 99, '<b>&')], [{ ...catalog(2, 0, 2), cat_name: '"x"' }]);
    expect(menu.pages[0].page_title).toBe('&lt;b&gt;&amp;');
    expect(menu.catalogs[0].cat_name).toBe('&quot;x&quot;');
  });

  it('gives keyword hits as a flat list in the order the search named them, no catalogs, leaving out pages not read', () => {
    expect(buildHitsMenu([page(2, 5, 3), page(1, 0, 7), page(3, 9, 3)], [3, 8, 1, 2])).toEqual({
      pages: [
        { page_id: 3, author_uid: 1, cat_id: 9, page_title: 'p3', addtime: 1700000000 },
        { page_id: 1, author_uid: 1, cat_id: 0, page_title: 'p1', addtime: 1700000000 },
        { page_id: 2, author_uid: 1, cat_id: 5, page_title: 'p2', addtime: 1700000000 },
      ],
      catalogs: [],
    });
  });
});
