import type { MemberGroup } from '@quire/proto';

/**
 * A team member's right on one of the team's items (contract §9.8 `team_item_member`):
 * 0 read-only (the default), 1 edit, set by the team owner.
 */
export interface TeamItemMemberEntity {
  id: number;
  team_id: number;
  item_id: number;
  member_group_id: MemberGroup;
  member_uid: number;
  member_username: string;
  addtime: number;
  last_update_time: number;
  /** `<team_id>:<item_id>:<member_uid>`, unique. */
  right_key: string;
}
