import type { PageHistoryRow } from '@quire/proto';
import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';

export type { PageHistoryRow };

export function getPageHistory(pageId: number): Promise<PageHistoryRow[]> {
  return apiRequest<PageHistoryRow[]>('page/history', { page_id: pageId });
}

export const pageHistoryKey = (pageId: number) => ['page/history', { page_id: pageId }] as const;

export function usePageHistory(pageId: number | null) {
  return useSWR(pageId ? pageHistoryKey(pageId) : null, () => getPageHistory(pageId as number));
}
