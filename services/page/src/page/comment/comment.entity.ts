/** A comment under a page (ShowDoc 3.x `page_comment`): raw Markdown, rendered by the reader's sanitizing renderer. */
export interface CommentEntity {
  comment_id: number;
  page_id: number;
  item_id: number;
  uid: number;
  username: string;
  content: string;
  addtime: number;
}
