import type { MemberGroup, MemberRow } from '@quire/proto';
import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { itemMembersKey } from './get-item-members';

/** `member/save`: adds a user by username with the edit (1) or read-only (0) right. */
export async function saveItemMember(itemId: number, username: string, group: MemberGroup): Promise<MemberRow> {
  const row = await apiRequest<MemberRow>('member/save', { item_id: itemId, username, member_group_id: group }, { loading: true });
  await mutate(itemMembersKey(itemId));
  return row;
}
