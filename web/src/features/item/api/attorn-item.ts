import type { ItemRow } from '@quire/proto';
import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { myItemsKey } from './get-my-items';

/** `item/attorn`: hands the item to `username`; the login password confirms. Errors come back to the dialog. */
export async function attornItem(itemId: number, username: string, password: string): Promise<ItemRow> {
  const row = await apiRequest<ItemRow>('item/attorn', { item_id: itemId, username, password }, { alert: false, loading: true });
  await mutate(myItemsKey);
  return row;
}
