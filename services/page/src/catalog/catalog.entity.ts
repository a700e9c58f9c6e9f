/** A catalog (contract §18 `catalog`): level 2 is the top, 4 the deepest; `parent_cat_id` 0 at the top. */
export interface CatalogEntity {
  cat_id: number;
  cat_name: string;
  item_id: number;
  s_number: number;
  addtime: number;
  parent_cat_id: number;
  level: number;
}
