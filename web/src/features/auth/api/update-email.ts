import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';

export async function updateEmail(input: { email: string; password: string }): Promise<void> {
  await apiRequest('user/updateEmail', input, { loading: true });
  await mutate((key) => Array.isArray(key) && key[0] === 'user/info');
}
