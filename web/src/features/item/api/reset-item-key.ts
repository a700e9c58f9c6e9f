import type { ItemTokenRow } from '@quire/proto';
import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { itemKeyKey } from './get-item-key';

/** `item/resetKey`: a new api_key and api_token; the old pair stops working at once. */
export async function resetItemKey(itemId: number): Promise<ItemTokenRow> {
  const row = await apiRequest<ItemTokenRow>('item/resetKey', { item_id: itemId }, { loading: true });
  await mutate(itemKeyKey(itemId), row, { revalidate: false });
  return row;
}
