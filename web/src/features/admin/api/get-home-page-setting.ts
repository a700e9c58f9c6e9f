import type { HomePageSetting } from '@quire/proto';
import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';

/** Public site settings: landing mode, registration switch and the label language. */
export function getHomePageSetting(): Promise<HomePageSetting> {
  return apiRequest<HomePageSetting>('common/homePageSetting', {}, { alert: false });
}

export const homePageSettingKey = ['common/homePageSetting', {}] as const;

export function useHomePageSetting() {
  return useSWR(homePageSettingKey, getHomePageSetting, { revalidateIfStale: false });
}
