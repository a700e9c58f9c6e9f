import type { LoggedInUser, OidcInfo, OidcStart } from '@quire/proto';
import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { noteUser } from '../../../lib/language';

export const oidcInfoKey = ['oidc/info', {}] as const;

/** Whether the login screen offers single sign-on, and the provider's name. */
export function useOidcInfo() {
  return useSWR(oidcInfoKey, () => apiRequest<OidcInfo>('oidc/info'));
}

/** Sends the browser to the provider (the state that comes back is bound to this browser). */
export async function startOidc(): Promise<void> {
  const { url } = await apiRequest<OidcStart>('oidc/start', {}, { loading: true });
  window.location.assign(url);
}

/** The provider sent the browser back: the server checks the state and the code, once, and signs the account in. */
export async function finishOidc(callbackUrl: string): Promise<LoggedInUser> {
  const user = await apiRequest<LoggedInUser>('oidc/callback', { callback_url: callbackUrl }, { alert: false });
  void noteUser(user);
  return user;
}
