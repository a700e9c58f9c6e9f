/** A single-page share link (contract §18 `single_page`): whoever has the key reads the page. */
export interface ShareEntity {
  id: number;
  unique_key: string;
  page_id: number;
  item_id: number;
  addtime: number;
}
