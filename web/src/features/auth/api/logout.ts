import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';

/** SPEC §7: GET /api/user/logout; every cached reply belonged to the old session. */
export async function logout(): Promise<void> {
  await apiRequest('user/logout', {}, { method: 'GET', loading: true });
  await mutate(() => true, undefined, { revalidate: false });
}
