import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { catalogsKey } from './get-catalogs';

/** `catalog/delete`: its sub-catalogs go with it, its pages to the recycle bin. */
export async function deleteCatalog(itemId: number, catId: number): Promise<void> {
  await apiRequest('catalog/delete', { item_id: itemId, cat_id: catId }, { loading: true });
  await mutate(catalogsKey(itemId));
  await mutate((key) => Array.isArray(key) && key[0] === 'item/info');
}
