import type { TeamMemberRow } from '@quire/proto';

/** A user's membership of a team (contract §9.8 `team_member`): the API's row, stored with its username raw. */
export interface TeamMemberEntity extends TeamMemberRow {
  /** `<team_id>:<member_uid>`, unique: a user joins a team once. */
  member_key: string;
}
