import type { MemberGroup } from '@quire/proto';

/** A user's membership of an item (contract §18 `item_member`): 1 edit, 0 read-only. */
export interface MemberEntity {
  item_member_id: number;
  item_id: number;
  uid: number;
  username: string;
  member_group_id: MemberGroup;
  addtime: number;
  /** `<item_id>:<uid>`, unique: a user is a member of an item once. Absent on rows written before it existed. */
  member_key?: string;
}
