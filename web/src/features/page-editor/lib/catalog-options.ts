import type { CatalogGroup } from '@quire/proto';
import { decodeEntities } from '../../../lib/decode-entities';

export interface CatalogOption {
  catId: number;
  /** `parent / child / grandchild`. */
  label: string;
}

/** The item's catalogs (3 levels) as a flat list in menu order, each labelled with its path. */
export function catalogOptions(groups: CatalogGroup[] | undefined): CatalogOption[] {
  const out: CatalogOption[] = [];
  const walk = (list: CatalogGroup[], parents: string[]) => {
    for (const catalog of list) {
      const path = [...parents, decodeEntities(catalog.cat_name)];
      out.push({ catId: catalog.cat_id, label: path.join(' / ') });
      if (path.length < 3) walk(catalog.sub ?? [], path);
    }
  };
  walk(groups ?? [], []);
  return out;
}
