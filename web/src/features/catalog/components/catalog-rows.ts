import { decodeEntities } from '../../../lib/decode-entities';
import type { CatalogGroup } from '../api/get-catalogs';

/** One row of the catalog table: `depth` 0 is a top-level catalog, 1 and 2 the levels below. */
export interface CatalogTableRow {
  catalog: CatalogGroup;
  depth: number;
  name: string;
  /** 'parent / child' names from the top, for the parent picker. */
  path: string;
  /** The ids of the catalog and every catalog below it. */
  subtree: number[];
}

/** The nested list in table order: each catalog followed by its children (the server sends them in menu order). */
export function flattenCatalogs(groups: readonly CatalogGroup[], depth = 0, parents: string[] = []): CatalogTableRow[] {
  return groups.flatMap((catalog) => {
    const name = decodeEntities(catalog.cat_name);
    const children = flattenCatalogs(catalog.sub ?? [], depth + 1, [...parents, name]);
    const row: CatalogTableRow = {
      catalog,
      depth,
      name,
      path: [...parents, name].join(' / '),
      subtree: [catalog.cat_id, ...children.map((child) => child.catalog.cat_id)],
    };
    return [row, ...children];
  });
}

/** SPEC §2: parents offered are the top-level and second-level catalogs (a child of those is the third level). */
export function parentOptions(rows: readonly CatalogTableRow[], editedId: number): CatalogTableRow[] {
  return rows.filter((row) => row.depth <= 1 && row.catalog.cat_id !== editedId);
}
