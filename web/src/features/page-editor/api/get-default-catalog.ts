import type { DefaultCatalog } from '@quire/proto';
import { apiRequest } from '../../../lib/api-client';

/** `catalog/getDefaultCat`: the catalog a new page starts in (that of my last page in the item). */
export async function getDefaultCatalog(itemId: number): Promise<number> {
  const reply = await apiRequest<DefaultCatalog>('catalog/getDefaultCat', { item_id: itemId, page_id: 0, copy_page_id: 0 });
  return Number(reply?.default_cat_id) || 0;
}
