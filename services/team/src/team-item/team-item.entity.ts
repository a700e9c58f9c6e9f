/** An item assigned to a team (contract §9.8 `team_item`). */
export interface TeamItemEntity {
  id: number;
  team_id: number;
  item_id: number;
  addtime: number;
  last_update_time: number;
  /** `<team_id>:<item_id>`, unique: an item is assigned to a team once ([ERA] allowed duplicates). */
  binding_key: string;
}
