import type { CommentList, CommentRow } from '@quire/proto';
import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';

export type { CommentList, CommentRow };

/** The most comments the reader shows under a page (newest first). */
export const COMMENTS_SHOWN = 100;

/** `pageComment/getList`; the reader says itself when the list could not be loaded. */
export function getComments(pageId: number): Promise<CommentList> {
  return apiRequest<CommentList>('pageComment/getList', { page_id: pageId, count: COMMENTS_SHOWN }, { alert: false });
}

export const commentsKey = (pageId: number) => ['pageComment/getList', { page_id: pageId }] as const;

export function useComments(pageId: number | null) {
  return useSWR<CommentList, unknown>(pageId ? commentsKey(pageId) : null, () => getComments(pageId as number));
}
