import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';

/** `adminItem/deleteItem`: deletes any item, without its owner's password. */
export async function deleteAdminItem(itemId: number): Promise<void> {
  await apiRequest('adminItem/deleteItem', { item_id: itemId }, { loading: true });
  await mutate((key) => Array.isArray(key) && key[0] === 'adminItem/getList');
}
