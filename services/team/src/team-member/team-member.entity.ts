/** A user's membership of a team (contract §9.8 `team_member`). */
export interface TeamMemberEntity {
  id: number;
  team_id: number;
  member_uid: number;
  member_username: string;
  addtime: number;
  last_update_time: number;
  /** `<team_id>:<member_uid>`, unique: a user joins a team once. */
  member_key: string;
}
