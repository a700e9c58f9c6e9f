import type { PageHistoryRow } from '@quire/proto';

/**
 * A previous version of a page (contract §18 `page_history`), the API's row without its body: the
 * content lives in BlobStorage under `history/<content_hash>` (gzip), shared by every version with
 * the same text, so history never grows the in-memory document store.
 */
export interface HistoryEntity extends Omit<PageHistoryRow, 'page_content' | 'addtime'> {
  /** Save time of that old version. */
  addtime: number;
  /** sha256 (hex) of the raw content. */
  content_hash: string;
}
