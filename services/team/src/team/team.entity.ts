/** A team (contract §9.8 `team`): its owner manages members and items. Text stored raw. */
export interface TeamEntity {
  id: number;
  team_name: string;
  /** The owner; the owner is not a member of the team. */
  uid: number;
  username: string;
  addtime: number;
  last_update_time: number;
}
