/** A user's saved order of the item list (contract §18 `item_sort`): `{ "<item_id>": position }`. */
export interface ItemSortEntity {
  uid: number;
  positions: Record<string, number>;
  addtime: number;
}
