import { CATALOG_MAX_LEVEL, CATALOG_TOP_LEVEL, escapeHtml, type Menu, type MenuCatalog, type MenuPage } from '@quire/proto';
import type { CatalogEntity } from '../catalog/catalog.entity';
import type { PageSummary } from '../page/page.repository';

import { byCatalogOrder, byPageOrder, indexMenu } from './menu-order';

export function toMenuPage(page: PageSummary): MenuPage {
  return { page_id: page.page_id, author_uid: page.author_uid, cat_id: page.cat_id, page_title: escapeHtml(page.page_title), addtime: page.addtime };
}

/**
 * The nested menu of item/info (contract §9.3): root pages (`cat_id` 0), top catalogs (level 2)
 * with their pages and sub-catalogs down to level 4, which has no `catalogs` key. Pages sort by
 * `s_number` then `page_id`, catalogs by `s_number` then `cat_id`. One pass over each list.
 */
export function buildMenu(pages: readonly PageSummary[], catalogs: readonly CatalogEntity[]): Menu {
  const { pagesOf, childrenOf } = indexMenu(pages, catalogs);
  const pagesIn = (catId: number) => (pagesOf.get(catId) ?? []).sort(byPageOrder).map(toMenuPage);
  const node = (catalog: CatalogEntity, level: 2 | 3 | 4): MenuCatalog => {
    const menuCatalog: MenuCatalog = {
      cat_id: catalog.cat_id,
      cat_name: escapeHtml(catalog.cat_name),
      item_id: catalog.item_id,
      s_number: catalog.s_number,
      addtime: catalog.addtime,
      parent_cat_id: catalog.parent_cat_id,
      level,
      pages: pagesIn(catalog.cat_id),
    };
    if (level < CATALOG_MAX_LEVEL) {
      const next = (level + 1) as 3 | 4;
      menuCatalog.catalogs = (childrenOf.get(catalog.cat_id) ?? [])
        .filter((child) => child.level === next)
        .sort(byCatalogOrder)
        .map((child) => node(child, next));
    }
    return menuCatalog;
  };
  const tops = catalogs.filter((catalog) => catalog.level === CATALOG_TOP_LEVEL).sort(byCatalogOrder);
  return { pages: pagesIn(0), catalogs: tops.map((top) => node(top, 2)) };
}

/** Keyword hits: a flat list in the order of `pageIds` (the search service's, best first), no catalogs. */
export function buildHitsMenu(hits: readonly PageSummary[], pageIds: readonly number[]): Menu {
  const byId = new Map(hits.map((page) => [page.page_id, page]));
  return { pages: pageIds.flatMap((pageId) => byId.get(pageId) ?? []).map(toMenuPage), catalogs: [] };
}
