import type { Menu, MenuCatalog } from '@quire/proto';
import type { CatalogEntity } from '../../catalog/catalog.entity';
import type { ShareLinkEntity } from './share-link.entity';

/** The catalog and every catalog under it (ids), from an item's catalogs. */
export function subtreeOf(catId: number, catalogs: readonly CatalogEntity[]): Set<number> {
  const inside = new Set<number>([catId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const catalog of catalogs) {
      if (!inside.has(catalog.cat_id) && inside.has(catalog.parent_cat_id)) {
        inside.add(catalog.cat_id);
        grew = true;
      }
    }
  }
  return inside;
}

/** Whether a live page of the link's item lies inside what the link opens. */
export function pageInScope(link: ShareLinkEntity, page: { page_id: number; item_id: number; cat_id: number }, catalogs: readonly CatalogEntity[]): boolean {
  if (page.item_id !== link.item_id) return false;
  if (link.scope === 'page') return page.page_id === link.page_id;
  if (link.scope === 'catalog') return subtreeOf(link.cat_id, catalogs).has(page.cat_id);
  return true;
}

/** The part of an item's menu a catalog link shows: that catalog as the one top entry, nothing beside it. */
export function catalogMenu(menu: Menu, catId: number): Menu {
  const find = (catalogs: readonly MenuCatalog[] | undefined): MenuCatalog | undefined => {
    for (const catalog of catalogs ?? []) {
      if (catalog.cat_id === catId) return catalog;
      const below = find(catalog.catalogs);
      if (below) return below;
    }
    return undefined;
  };
  const found = find(menu.catalogs);
  return { pages: [], catalogs: found ? [found] : [] };
}
