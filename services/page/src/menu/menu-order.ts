import { CATALOG_TOP_LEVEL } from '@quire/proto';
import type { CatalogEntity } from '../catalog/catalog.entity';
import type { PageSummary } from '../page/page.repository';

/** Menu order (contract §15): pages by `s_number` then `page_id`. */
export const byPageOrder = (a: PageSummary, b: PageSummary) => a.s_number - b.s_number || a.page_id - b.page_id;
/** Menu order (contract §15): catalogs by `s_number` then `cat_id`. */
export const byCatalogOrder = (a: CatalogEntity, b: CatalogEntity) => a.s_number - b.s_number || a.cat_id - b.cat_id;

/** An item's pages by catalog and its sub-catalogs by parent, built in one pass over each list. */
export interface MenuIndex {
  pagesOf: Map<number, PageSummary[]>;
  childrenOf: Map<number, CatalogEntity[]>;
}

export function indexMenu(pages: readonly PageSummary[], catalogs: readonly CatalogEntity[]): MenuIndex {
  const pagesOf = new Map<number, PageSummary[]>();
  for (const page of pages) push(pagesOf, page.cat_id, page);
  const childrenOf = new Map<number, CatalogEntity[]>();
  for (const catalog of catalogs) if (catalog.level > CATALOG_TOP_LEVEL) push(childrenOf, catalog.parent_cat_id, catalog);
  return { pagesOf, childrenOf };
}

function push<V>(map: Map<number, V[]>, key: number, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
