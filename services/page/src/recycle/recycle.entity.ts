import type { RecycleEntry } from '@quire/proto';
import type { CatalogEntity } from '../catalog/catalog.entity';

/** A page in the recycle bin (contract §18 `recycle`): the API's entry, `del_time` unformatted. */
export interface RecycleEntity extends Omit<RecycleEntry, 'del_time'> {
  del_time: number;
}

/**
 * A deleted catalog (Quire; ShowDoc dropped catalogs for good): the catalog and its sub-catalogs as
 * they were, and the pages that went to the bin with them, so a restore can rebuild the tree.
 */
export interface RecycledCatalogEntity {
  id: number;
  item_id: number;
  /** The deleted catalog itself (the root of `catalogs`). */
  cat_id: number;
  cat_name: string;
  parent_cat_id: number;
  catalogs: CatalogEntity[];
  page_ids: number[];
  del_by_uid: number;
  del_by_username: string;
  del_time: number;
}
