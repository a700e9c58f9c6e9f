/**
 * A previous version of a page (contract §18 `page_history`) without its body: the content
 * lives in BlobStorage under `history/<content_hash>` (gzip), shared by every version with
 * the same text, so history never grows the in-memory document store.
 */
export interface HistoryEntity {
  page_history_id: number;
  page_id: number;
  item_id: number;
  cat_id: number;
  page_title: string;
  page_comments: string;
  s_number: number;
  /** Save time of that old version. */
  addtime: number;
  author_uid: number;
  author_username: string;
  /** sha256 (hex) of the raw content. */
  content_hash: string;
}
