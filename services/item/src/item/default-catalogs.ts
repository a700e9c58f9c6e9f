import type { Menu, MenuCatalog } from '@quire/proto';

export interface DefaultCatalogs {
  default_cat_id2: number;
  default_cat_id3: number;
  default_cat_id4: number;
}

export const NO_DEFAULT_CATALOGS: DefaultCatalogs = { default_cat_id2: 0, default_cat_id3: 0, default_cat_id4: 0 };

/**
 * The catalogs to open for the default page (contract §9.3): walking up from the page's
 * catalog, the level-2, level-3 and level-4 ancestors (0 where there is none). A page that is
 * not in the menu (another item's, deleted) opens nothing.
 */
export function defaultCatalogs(menu: Menu, pageId: number): DefaultCatalogs {
  if (pageId <= 0) return NO_DEFAULT_CATALOGS;
  const catalogs = new Map<number, MenuCatalog>();
  let pageCatId: number | undefined = menu.pages.some((p) => p.page_id === pageId) ? 0 : undefined;
  const visit = (list: MenuCatalog[] | undefined) => {
    for (const catalog of list ?? []) {
      catalogs.set(catalog.cat_id, catalog);
      if (pageCatId === undefined && catalog.pages.some((p) => p.page_id === pageId)) pageCatId = catalog.cat_id;
      visit(catalog.catalogs);
    }
  };
  visit(menu.catalogs);
  if (!pageCatId) return NO_DEFAULT_CATALOGS;

  const result = { ...NO_DEFAULT_CATALOGS };
  let current = catalogs.get(pageCatId);
  for (let guard = 0; current && guard < 3; guard++) {
    const level = Number(current.level);
    if (level === 2) result.default_cat_id2 = current.cat_id;
    else if (level === 3) result.default_cat_id3 = current.cat_id;
    else if (level === 4) result.default_cat_id4 = current.cat_id;
    current = current.parent_cat_id > 0 ? catalogs.get(current.parent_cat_id) : undefined;
  }
  return result;
}
