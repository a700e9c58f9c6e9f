import type { TeamItemMemberEntry } from '@quire/proto';
import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';

export type { TeamItemMemberEntry };

/** `teamItemMember/getList`: each team member's right on one item of the team. */
export function getTeamItemMembers(teamId: number, itemId: number): Promise<TeamItemMemberEntry[]> {
  return apiRequest<TeamItemMemberEntry[]>('teamItemMember/getList', { team_id: teamId, item_id: itemId });
}

export const teamItemMembersKey = (teamId: number, itemId: number) => ['teamItemMember/getList', { team_id: teamId, item_id: itemId }] as const;

export function useTeamItemMembers(teamId: number, itemId: number) {
  return useSWR(teamId > 0 && itemId > 0 ? teamItemMembersKey(teamId, itemId) : null, () => getTeamItemMembers(teamId, itemId));
}
