/** A page (contract §18 `page`). Text is stored raw; `addtime` is the last save (or deletion) time. */
export interface PageEntity {
  page_id: number;
  author_uid: number;
  author_username: string;
  item_id: number;
  cat_id: number;
  page_title: string;
  page_content: string;
  s_number: number;
  addtime: number;
  page_comments: string;
  /** 0 live, 1 in the recycle bin. */
  is_del: number;
}

/** New pages sort here unless a number is sent (contract §15). */
export const DEFAULT_SORT_NUMBER = 99;
