import type { SharedPageInfo } from '@quire/proto';
import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';

export type { SharedPageInfo };

/** A page by its share link: no visit password asked. */
export function getPageByKey(uniqueKey: string): Promise<SharedPageInfo> {
  return apiRequest<SharedPageInfo>('page/infoByKey', { unique_key: uniqueKey });
}

export const pageByKeyKey = (uniqueKey: string) => ['page/infoByKey', { unique_key: uniqueKey }] as const;

export function usePageByKey(uniqueKey: string) {
  return useSWR(pageByKeyKey(uniqueKey), () => getPageByKey(uniqueKey));
}
