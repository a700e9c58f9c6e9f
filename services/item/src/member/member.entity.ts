import type { MemberRow } from '@quire/proto';

/** A user's membership of an item (contract §18 `item_member`): the API's row, stored with its username raw. */
export interface MemberEntity extends MemberRow {
  /** `<item_id>:<uid>`, unique: a user is a member of an item once. Absent on rows written before it existed. */
  member_key?: string;
}
