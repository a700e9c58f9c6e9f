import type { AddedUser } from '@quire/proto';
import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';

/** `adminUser/addUser`: an ordinary user with this username and password. */
export async function addUser(input: { username: string; password: string }): Promise<AddedUser> {
  const user = await apiRequest<AddedUser>('adminUser/addUser', input, { loading: true });
  await mutate((key) => Array.isArray(key) && key[0] === 'adminUser/getList');
  return user;
}
