import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { myItemsKey } from './get-my-items';

/** `item/delete`: the login password confirms. Errors come back to the dialog. */
export async function deleteItem(itemId: number, password: string): Promise<void> {
  await apiRequest('item/delete', { item_id: itemId, password }, { alert: false, loading: true });
  await mutate(myItemsKey);
}
