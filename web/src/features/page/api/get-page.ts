import type { PageInfo } from '@quire/proto';
import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';

export type { PageInfo };

export function getPage(pageId: number): Promise<PageInfo> {
  // The reader says itself that the page is missing: no alert on top of it.
  return apiRequest<PageInfo>('page/info', { page_id: pageId }, { alert: false });
}

export const pageKey = (pageId: number) => ['page/info', { page_id: pageId }] as const;

export function usePage(pageId: number | null) {
  return useSWR<PageInfo, unknown>(pageId ? pageKey(pageId) : null, () => getPage(pageId as number));
}
