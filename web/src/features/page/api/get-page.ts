import type { PageInfo } from '@quire/proto';
import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { earlyOr } from '../../../lib/early-request';

export type { PageInfo };

/** `early`: read ahead of the page's screen (app/route-data.ts), quietly. */
export function getPage(pageId: number, early = false): Promise<PageInfo> {
  // The reader says itself that the page is missing: no alert on top of it. GET: the browser
  // revalidates the page by its ETag (an unchanged page comes back as a 304).
  return apiRequest<PageInfo>('page/info', { page_id: pageId }, { alert: false, method: 'GET', quiet: early });
}

export const pageKey = (pageId: number) => ['page/info', { page_id: pageId }] as const;

export function usePage(pageId: number | null) {
  return useSWR<PageInfo, unknown>(pageId ? pageKey(pageId) : null, () => earlyOr(pageKey(pageId as number), () => getPage(pageId as number)));
}
