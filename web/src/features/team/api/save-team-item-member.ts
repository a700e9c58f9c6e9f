import type { MemberGroup } from '@quire/proto';
import { apiRequest } from '../../../lib/api-client';

/** `teamItemMember/save`: `id` is the team_item_member id; 1 edit, 0 read-only. */
export function saveTeamItemMember(id: number, memberGroupId: MemberGroup): Promise<number> {
  return apiRequest<number>('teamItemMember/save', { id, member_group_id: memberGroupId });
}
