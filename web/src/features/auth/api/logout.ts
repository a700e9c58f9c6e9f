import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { noteUser } from '../../../lib/language';

/** SPEC §7 `user/logout`, posted (a write is never a GET); every cached reply belonged to the old session. */
export async function logout(): Promise<void> {
  await apiRequest('user/logout', {}, { loading: true });
  await mutate(() => true, undefined, { revalidate: false });
  void noteUser(null);
}
