/** A user's named group of items (ShowDoc 3.x `item_group`), name raw; times in unix seconds. */
export interface ItemGroupEntity {
  id: number;
  uid: number;
  group_name: string;
  item_ids: number[];
  s_number: number;
  created_at: number;
  updated_at: number;
}
