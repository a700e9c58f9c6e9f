import type { SharedPageInfo } from '@quire/proto';
import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { withShareKey } from '../lib/share-key-links';

export type { SharedPageInfo };

/** A page by its share link: no visit password asked; its attachment links carry the key. */
export async function getPageByKey(uniqueKey: string): Promise<SharedPageInfo> {
  const page = await apiRequest<SharedPageInfo>('page/infoByKey', { unique_key: uniqueKey });
  return { ...page, page_content: withShareKey(page.page_content, uniqueKey) };
}

export const pageByKeyKey = (uniqueKey: string) => ['page/infoByKey', { unique_key: uniqueKey }] as const;

export function usePageByKey(uniqueKey: string) {
  return useSWR(pageByKeyKey(uniqueKey), () => getPageByKey(uniqueKey));
}
