import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { itemMembersKey } from './get-item-members';

/** `member/delete`: the user loses the right on their next call. */
export async function deleteItemMember(itemId: number, itemMemberId: number, options: { revalidate?: boolean } = {}): Promise<void> {
  await apiRequest('member/delete', { item_id: itemId, item_member_id: itemMemberId }, { loading: true });
  if (options.revalidate !== false) await mutate(itemMembersKey(itemId));
}
