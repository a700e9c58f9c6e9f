import { CATALOG_TOP_LEVEL, type ExportCatalogNode, type ExportOutline, type ExportPageRef } from '@quire/proto';
import type { CatalogEntity } from '../catalog/catalog.entity';
import type { PageSummary } from '../page/page.repository';

import { byCatalogOrder, byPageOrder, indexMenu } from '../menu/menu-order';

/**
 * What an export walks, in menu order (contract §15): pages by `s_number` then `page_id`,
 * catalogs by `s_number` then `cat_id`. For a whole item (`catId` 0) the root pages and the top
 * catalogs; for one catalog, its pages and sub-catalogs (contract §12). Titles and names stay raw.
 * Pages of a catalog that no longer exists are left out, as the menu leaves them out.
 */
export function buildExportOutline(itemId: number, pages: readonly PageSummary[], catalogs: readonly CatalogEntity[], chosen: CatalogEntity | null): ExportOutline {
  const { pagesOf, childrenOf } = indexMenu(pages, catalogs);
  let count = 0;
  const refs = (catId: number): ExportPageRef[] => {
    const list = [...(pagesOf.get(catId) ?? [])].sort(byPageOrder);
    count += list.length;
    return list.map((page) => ({ page_id: page.page_id, page_title: page.page_title }));
  };
  // A visited set guards against a cycle in stored parent links: every catalog appears once.
  const visited = new Set<number>();
  const node = (catalog: CatalogEntity): ExportCatalogNode => {
    visited.add(catalog.cat_id);
    const children = (childrenOf.get(catalog.cat_id) ?? []).filter((child) => child.level > catalog.level && !visited.has(child.cat_id));
    return {
      cat_id: catalog.cat_id,
      cat_name: catalog.cat_name,
      level: catalog.level,
      pages: refs(catalog.cat_id),
      catalogs: children.sort(byCatalogOrder).map(node),
    };
  };
  if (chosen) {
    visited.add(chosen.cat_id);
    const own = refs(chosen.cat_id);
    const subs = (childrenOf.get(chosen.cat_id) ?? [])
      .filter((child) => child.level > chosen.level)
      .sort(byCatalogOrder)
      .map(node);
    return { item_id: itemId, cat_id: chosen.cat_id, cat_name: chosen.cat_name, pages: own, catalogs: subs, page_count: count };
  }
  const root = refs(0);
  const tops = catalogs
    .filter((catalog) => catalog.level === CATALOG_TOP_LEVEL)
    .sort(byCatalogOrder)
    .map(node);
  return { item_id: itemId, cat_id: 0, cat_name: '', pages: root, catalogs: tops, page_count: count };
}
