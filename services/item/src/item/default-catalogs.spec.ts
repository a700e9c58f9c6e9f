import type { Menu, MenuCatalog, MenuPage } from '@quire/proto';
import { defaultCatalogs } from './default-catalogs';

const page = (page_id: number, cat_id: number): MenuPage => ({ page_id, cat_id, author_uid: 1, page_title: `p${page_id}`, addtime: 0 });
const catalog = (cat_id: number, parent_cat_id: number, level: 2 | 3 | 4, pages: MenuPage[], catalogs?: MenuCatalog[]): MenuCatalog => ({
  cat_id,
  cat_name: `c${cat_id}`,
  item_id: 1,
  s_number: 99,
  addtime: 0,
  parent_cat_id,
  level,
  pages,
  ...(catalogs ? { catalogs } : {}),
});

const menu: Menu = {
  pages: [page(1, 0)],
  catalogs: [catalog(10, 0, 2, [page(2, 10)], [catalog(20, 10, 3, [page(3, 20)], [catalog(30, 20, 4, [page(4, 30)])])]), catalog(11, 0, 2, [], [])],
};

describe(defaultCatalogs.name, () => {
  it('walks up from a page in a level-4 catalog', () => {
    expect(defaultCatalogs(menu, 4)).toEqual({ default_cat_id2: 10, default_cat_id3: 20, default_cat_id4: 30 });
  });

  it('fills what exists for shallower pages', () => {
    expect(defaultCatalogs(menu, 3)).toEqual({ default_cat_id2: 10, default_cat_id3: 20, default_cat_id4: 0 });
    expect(defaultCatalogs(menu, 2)).toEqual({ default_cat_id2: 10, default_cat_id3: 0, default_cat_id4: 0 });
    expect(defaultCatalogs(menu, 1)).toEqual({ default_cat_id2: 0, default_cat_id3: 0, default_cat_id4: 0 });
  });

  it('opens nothing for no page or a page that is not in the menu', () => {
    expect(defaultCatalogs(menu, 0)).toEqual({ default_cat_id2: 0, default_cat_id3: 0, default_cat_id4: 0 });
    expect(defaultCatalogs(menu, 999)).toEqual({ default_cat_id2: 0, default_cat_id3: 0, default_cat_id4: 0 });
  });
});
