import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { myItemsKey } from './get-my-items';

export async function exitItem(itemId: number): Promise<void> {
  await apiRequest('item/exitItem', { item_id: itemId }, { loading: true });
  await mutate(myItemsKey);
}
