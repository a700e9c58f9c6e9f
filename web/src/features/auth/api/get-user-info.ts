import type { UserInfo } from '@quire/proto';
import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { noteUser } from '../../../lib/language';

/**
 * `redirectLogin: false` asks "who am I?" without sending an anonymous visitor to the login screen.
 * The user's language setting, in every answer, is the app's language from then on.
 */
export async function getUserInfo(redirectLogin = true): Promise<UserInfo> {
  const user = await apiRequest<UserInfo>('user/info', redirectLogin ? {} : { redirect_login: 'false' });
  void noteUser(user);
  return user;
}

export const userInfoKey = (redirectLogin = true) => ['user/info', redirectLogin ? {} : { redirect_login: 'false' }] as const;

export function useUserInfo(options: { redirectLogin?: boolean } = {}) {
  const redirectLogin = options.redirectLogin ?? true;
  return useSWR(userInfoKey(redirectLogin), () => getUserInfo(redirectLogin));
}
