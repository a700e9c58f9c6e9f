import type { MemberGroup } from '@quire/proto';
import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { teamItemMembersKey } from './get-team-item-members';

/** `teamItemMember/save` {id: the right's id}: 1 edit, 0 read-only. */
export async function saveTeamItemMember(itemId: number, teamId: number, rightId: number, group: MemberGroup): Promise<void> {
  await apiRequest('teamItemMember/save', { id: rightId, member_group_id: group }, { loading: true });
  await mutate(teamItemMembersKey(itemId, teamId));
}
