import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { myItemsKey } from './get-my-items';

/** `item/archive`: read-only for good; the login password confirms. Errors come back to the dialog. */
export async function archiveItem(itemId: number, password: string): Promise<void> {
  await apiRequest('item/archive', { item_id: itemId, password }, { alert: false, loading: true });
  await mutate(myItemsKey);
}
