import type { CatalogRow } from '@quire/proto';
import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { catalogsKey } from './get-catalogs';

export interface SaveCatalogInput {
  item_id: number;
  /** 0 creates a catalog. */
  cat_id: number;
  /** 0 puts it at the top level. */
  parent_cat_id: number;
  cat_name: string;
  s_number: number;
}

/** Errors come back to the dialog (`alert: false`), which shows the server's message beside the form. */
export async function saveCatalog(input: SaveCatalogInput): Promise<CatalogRow> {
  const row = await apiRequest<CatalogRow>('catalog/save', { ...input }, { alert: false, loading: true });
  await mutate(catalogsKey(input.item_id));
  // The reader's menu of this item shows the catalogs too.
  await mutate((key) => Array.isArray(key) && key[0] === 'item/info');
  return row;
}
