import type { SiteSettings } from '@quire/proto';
import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';

export type { SiteSettings };

/** `adminSetting/loadConfig`: null until the settings were first saved (the form keeps its defaults). */
export async function getSiteSettings(): Promise<SiteSettings | null> {
  const data = await apiRequest<SiteSettings | never[]>('adminSetting/loadConfig');
  return Array.isArray(data) ? null : data;
}

export const siteSettingsKey = ['adminSetting/loadConfig', {}] as const;

export function useSiteSettings() {
  return useSWR(siteSettingsKey, getSiteSettings, { revalidateOnFocus: false });
}
