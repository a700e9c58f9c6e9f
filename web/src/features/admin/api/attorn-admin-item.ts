import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';

/** `adminItem/attorn`: gives any item to another user, without its owner's password. */
export async function attornAdminItem(input: { item_id: number; username: string }): Promise<void> {
  await apiRequest('adminItem/attorn', input, { loading: true });
  await mutate((key) => Array.isArray(key) && key[0] === 'adminItem/getList');
}
