import type { MemberListEntry } from '@quire/proto';
import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';

export type { MemberListEntry };

/** `member/getList`: the item's members (the creator is not listed), oldest first. */
export function getItemMembers(itemId: number): Promise<MemberListEntry[]> {
  return apiRequest<MemberListEntry[]>('member/getList', { item_id: itemId });
}

export const itemMembersKey = (itemId: number) => ['member/getList', { item_id: itemId }] as const;

export function useItemMembers(itemId: number) {
  return useSWR(itemMembersKey(itemId), () => getItemMembers(itemId));
}
