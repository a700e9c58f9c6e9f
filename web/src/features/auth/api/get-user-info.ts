import type { UserInfo } from '@quire/proto';
import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';

/** `redirectLogin: false` asks "who am I?" without sending an anonymous visitor to the login screen. */
export function getUserInfo(redirectLogin = true): Promise<UserInfo> {
  return apiRequest<UserInfo>('user/info', redirectLogin ? {} : { redirect_login: 'false' });
}

export const userInfoKey = (redirectLogin = true) => ['user/info', redirectLogin ? {} : { redirect_login: 'false' }] as const;

export function useUserInfo(options: { redirectLogin?: boolean } = {}) {
  const redirectLogin = options.redirectLogin ?? true;
  return useSWR(userInfoKey(redirectLogin), () => getUserInfo(redirectLogin));
}
