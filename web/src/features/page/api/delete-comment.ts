import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { commentsKey } from './get-comments';

/** `pageComment/delete`, then the page's comments are fetched again. */
export async function deleteComment(commentId: number, pageId: number): Promise<void> {
  await apiRequest('pageComment/delete', { comment_id: commentId });
  await mutate(commentsKey(pageId));
}
