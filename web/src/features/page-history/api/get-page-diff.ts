import type { PageDiff } from '@quire/proto';
import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';

export type { PageDiff };

/** `page/diff`: the page as it is now and one of its history versions (both contents HTML-escaped). */
export function getPageDiff(pageId: number, pageHistoryId: number): Promise<PageDiff> {
  return apiRequest<PageDiff>('page/diff', { page_id: pageId, page_history_id: pageHistoryId });
}

export const pageDiffKey = (pageId: number, pageHistoryId: number) => ['page/diff', { page_id: pageId, page_history_id: pageHistoryId }] as const;

export function usePageDiff(pageId: number | null, pageHistoryId: number | null) {
  return useSWR<PageDiff, unknown>(pageId && pageHistoryId ? pageDiffKey(pageId, pageHistoryId) : null, () => getPageDiff(pageId as number, pageHistoryId as number));
}
