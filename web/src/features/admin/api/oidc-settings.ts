import type { OidcSettings } from '@quire/proto';
import useSWR, { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';

export type { OidcSettings };

export const oidcSettingsKey = ['adminOidc/load', {}] as const;

/** `adminOidc/load`: the single sign-on settings, the client secret masked. */
export function useOidcSettings() {
  return useSWR(oidcSettingsKey, () => apiRequest<OidcSettings>('adminOidc/load'));
}

/** `adminOidc/save`: turned on, the provider is asked first; a provider that does not answer saves nothing. */
export async function saveOidcSettings(settings: OidcSettings): Promise<void> {
  await apiRequest('adminOidc/save', { ...settings }, { loading: true });
  await Promise.all([mutate(oidcSettingsKey), mutate(['oidc/info', {}])]);
}
