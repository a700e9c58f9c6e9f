import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';

/** `adminUser/deleteUser`: refused while the user owns items, and for administrators. */
export async function deleteUser(uid: number): Promise<void> {
  await apiRequest('adminUser/deleteUser', { uid }, { loading: true });
  await mutate((key) => Array.isArray(key) && key[0] === 'adminUser/getList');
}
