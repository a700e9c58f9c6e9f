import type { TeamItemRow } from '@quire/proto';

/** An item assigned to a team (contract §9.8 `team_item`): the API's row. */
export interface TeamItemEntity extends TeamItemRow {
  /** `<team_id>:<item_id>`, unique: an item is assigned to a team once ([ERA] allowed duplicates). */
  binding_key: string;
}
