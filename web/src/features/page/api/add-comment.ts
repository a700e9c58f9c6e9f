import type { AddedComment } from '@quire/proto';
import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { commentsKey } from './get-comments';

/** `pageComment/add` (Markdown), then the page's comments are fetched again. */
export async function addComment(pageId: number, content: string): Promise<AddedComment> {
  const added = await apiRequest<AddedComment>('pageComment/add', { page_id: pageId, content });
  await mutate(commentsKey(pageId));
  return added;
}
