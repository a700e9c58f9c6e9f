import type { TeamItemMemberEntry } from '@quire/proto';
import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';

export type { TeamItemMemberEntry };

/** `teamItemMember/getList`: each team member's right on this item. */
export function getTeamItemMembers(itemId: number, teamId: number): Promise<TeamItemMemberEntry[]> {
  return apiRequest<TeamItemMemberEntry[]>('teamItemMember/getList', { item_id: itemId, team_id: teamId });
}

export const teamItemMembersKey = (itemId: number, teamId: number) => ['teamItemMember/getList', { item_id: itemId, team_id: teamId }] as const;

export function useTeamItemMembers(itemId: number, teamId: number) {
  return useSWR(teamItemMembersKey(itemId, teamId), () => getTeamItemMembers(itemId, teamId));
}
