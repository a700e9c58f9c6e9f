import { z } from 'zod';
import { integer, requiredText } from '../validation';

/* ------------------------------------------------------------------------------------------
 * Page comments (ShowDoc 3.x `pageComment/*`, owned by the page service).
 * ---------------------------------------------------------------------------------------- */

/** The longest comment, in characters (ShowDoc: 500; Quire takes Markdown, so more). */
export const COMMENT_MAX_LENGTH = 2000;
/** Comments per `pageComment/getList` page when `count` is absent, and the most one page may ask. */
export const COMMENT_PAGE_SIZE = 20;
export const COMMENT_PAGE_SIZE_MAX = 100;

const requiredId = () => integer().pipe(z.number().min(1, { error: (issue) => (issue.input === 0 ? 'param_required' : 'param_out_of_range') }));

/** `pageComment/add`: Markdown text, trimmed; `parent_id` (ShowDoc's replies) is accepted and must be 0. */
export const AddCommentSchema = z.object({
  page_id: requiredId(),
  content: requiredText({ trim: true }).pipe(z.string().max(COMMENT_MAX_LENGTH)),
  parent_id: integer().pipe(z.number().min(0).max(0, { error: 'comment_no_replies' })),
});
export type AddCommentDto = z.output<typeof AddCommentSchema>;

/** `pageComment/getList` (alias `pageComment/list`): newest first, `page` from 1. */
export const ListCommentsSchema = z.object({
  page_id: requiredId(),
  page: integer(1).pipe(z.number().min(1)),
  count: integer(COMMENT_PAGE_SIZE).pipe(z.number().min(1).max(COMMENT_PAGE_SIZE_MAX)),
});
export type ListCommentsDto = z.output<typeof ListCommentsSchema>;

/** `pageComment/delete`. */
export const DeleteCommentSchema = z.object({ comment_id: requiredId() });
export type DeleteCommentDto = z.output<typeof DeleteCommentSchema>;

/**
 * One comment as `pageComment/getList` answers it. `content` is the Markdown the author wrote, stored raw and
 * sent HTML-escaped as ShowDoc and `page/info` send text: clients decode it and render it with their
 * sanitizing Markdown renderer, never as HTML.
 */
export interface CommentRow {
  comment_id: number;
  parent_id: 0;
  page_id: number;
  uid: number;
  username: string;
  content: string;
  /** Unix seconds, and as `YYYY-MM-DD HH:MM`. */
  addtime: number;
  addtime_text: string;
  is_owner: boolean;
  can_delete: boolean;
  replies: never[];
}

export interface CommentList {
  total: number;
  page: number;
  comments: CommentRow[];
  /** May the caller add a comment (logged in, item not archived). */
  can_comment: boolean;
}

export interface AddedComment {
  comment_id: number;
}
