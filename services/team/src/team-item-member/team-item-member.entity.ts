import type { TeamItemMemberEntry } from '@quire/proto';

/**
 * A team member's right on one of the team's items (contract §9.8 `team_item_member`):
 * 0 read-only (the default), 1 edit, set by the team owner. The API's entry, `addtime` unformatted.
 */
export interface TeamItemMemberEntity extends Omit<TeamItemMemberEntry, 'addtime'> {
  addtime: number;
  /** `<team_id>:<item_id>:<member_uid>`, unique. */
  right_key: string;
}
