import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';

export async function updateUserInfo(input: { name: string }): Promise<void> {
  await apiRequest('user/updateInfo', input, { loading: true });
  await mutate((key) => Array.isArray(key) && key[0] === 'user/info');
}
