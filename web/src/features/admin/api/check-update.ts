import type { UpdateNotice } from '@quire/proto';
import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';

/**
 * `adminUser/checkUpdate`: a link to a newer version, or nothing. Opening the console asks it
 * first, so its refusal (not an administrator) is the console's answer: no alert, the screen shows it.
 */
export function checkUpdate(): Promise<UpdateNotice> {
  return apiRequest<UpdateNotice>('adminUser/checkUpdate', {}, { alert: false });
}

export const checkUpdateKey = ['adminUser/checkUpdate', {}] as const;

export function useCheckUpdate() {
  return useSWR<UpdateNotice, unknown>(checkUpdateKey, checkUpdate, { revalidateOnFocus: false, revalidateIfStale: false, shouldRetryOnError: false });
}
