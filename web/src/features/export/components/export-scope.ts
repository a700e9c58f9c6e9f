import type { Menu, MenuCatalog } from '@quire/proto';
import { decodeEntities } from '../../../lib/decode-entities';

/** A catalog one may export, with the pages it holds (its sub-catalogs' included). */
export interface ExportCatalogChoice {
  cat_id: number;
  /** 'parent / child' from the top. */
  label: string;
  pageCount: number;
}

export interface ExportScope {
  pageCount: number;
  catalogs: ExportCatalogChoice[];
}

function pagesIn(catalog: MenuCatalog): number {
  return catalog.pages.length + (catalog.catalogs ?? []).reduce((sum, child) => sum + pagesIn(child), 0);
}

function walk(catalogs: readonly MenuCatalog[], parents: string[]): ExportCatalogChoice[] {
  return catalogs.flatMap((catalog) => {
    const path = [...parents, decodeEntities(catalog.cat_name)];
    return [{ cat_id: catalog.cat_id, label: path.join(' / '), pageCount: pagesIn(catalog) }, ...walk(catalog.catalogs ?? [], path)];
  });
}

/** What an item's menu offers to export: its page count and its catalogs (a single-page item has one page, no catalogs). */
export function exportScopeOf(menu: Menu | { pages: unknown } | undefined, singlePage: boolean): ExportScope {
  if (!menu) return { pageCount: 0, catalogs: [] };
  if (singlePage) return { pageCount: menu.pages ? 1 : 0, catalogs: [] };
  const regular = menu as Menu;
  const catalogs = walk(regular.catalogs, []);
  const topLevel = regular.catalogs.reduce((sum, catalog) => sum + pagesIn(catalog), 0);
  return { pageCount: regular.pages.length + topLevel, catalogs };
}
