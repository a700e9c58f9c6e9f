import type { UserLanguage } from '@quire/proto';
import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { noteUserSetting } from '../../../lib/language';

/** `user/updateInfo`: the name, or the language setting alone (the app switches to it at once). */
export async function updateUserInfo(input: { name: string } | { language: UserLanguage }): Promise<void> {
  await apiRequest('user/updateInfo', input, { loading: true });
  if ('language' in input) await noteUserSetting(input.language);
  await mutate((key) => Array.isArray(key) && key[0] === 'user/info');
}
