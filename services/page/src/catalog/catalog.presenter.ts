import { type CatalogGroup, type CatalogRow, escapeHtml, formatTime } from '@quire/proto';
import type { CatalogEntity } from './catalog.entity';
import { childrenIndex } from './catalog-tree';

/** `catalog/save`: the row, name HTML-escaped, `addtime` raw. */
export function toCatalogRow(catalog: CatalogEntity): CatalogRow {
  return {
    cat_id: catalog.cat_id,
    cat_name: escapeHtml(catalog.cat_name),
    item_id: catalog.item_id,
    s_number: catalog.s_number,
    addtime: catalog.addtime,
    parent_cat_id: catalog.parent_cat_id,
    level: catalog.level,
  };
}

/** `catalog/catListGroup`: top-level catalogs with their children in `sub`, given catalogs in menu order. */
export function toCatalogGroups(catalogs: readonly CatalogEntity[]): CatalogGroup[] {
  const children = childrenIndex(catalogs);
  const build = (catalog: CatalogEntity, seen: Set<number>): CatalogGroup => {
    seen.add(catalog.cat_id);
    const sub = (children.get(catalog.cat_id) ?? []).filter((child) => !seen.has(child.cat_id)).map((child) => build(child, seen));
    return { ...toCatalogRow(catalog), addtime: formatTime(catalog.addtime), sub };
  };
  return (children.get(0) ?? []).map((top) => build(top, new Set()));
}
