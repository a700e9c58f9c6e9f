import type { LdapForm } from '@quire/proto';
import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { homePageSettingKey } from './get-home-page-setting';
import { siteSettingsKey } from './get-site-settings';

export interface SiteSettingsInput {
  register_open: '0' | '1';
  ldap_open: '0' | '1';
  home_page: '1' | '2' | '3';
  home_item: string;
  ldap_form: LdapForm;
  /** Quire: let the HTTP API test tool send its requests through the server. */
  http_proxy_open: '0' | '1';
  /** Quire: the landing page's "Demo" and "Help" links, '' to hide them. */
  demo_url: string;
  help_url: string;
  /** Quire: days the items' recycle bins keep deletions (1 to 3650), as typed. */
  recycle_retention_days: string;
  /** Quire: how often the server re-syncs the API descriptions imported from a URL. */
  api_resync_schedule: 'off' | 'hourly' | 'daily';
  /** Quire: days the audit log keeps its entries (1 to 3650), as typed. */
  audit_retention_days: string;
  /** Quire (issue 21): who must sign in with a second factor. */
  two_factor_required: 'off' | 'admins' | 'everyone';
}

/**
 * `adminSetting/saveConfig`; `ldap_form` travels as a JSON string in the form body. With directory
 * login on, the server first tries the directory and answers 10011 with the reason.
 */
export async function saveSiteSettings(input: SiteSettingsInput): Promise<void> {
  await apiRequest('adminSetting/saveConfig', { ...input, ldap_form: JSON.stringify(input.ldap_form) }, { loading: true });
  await Promise.all([mutate(siteSettingsKey), mutate(homePageSettingKey)]);
}
