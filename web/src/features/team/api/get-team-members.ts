import type { TeamMemberListEntry } from '@quire/proto';
import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';

export type { TeamMemberListEntry };

/** `teamMember/getList`: the members of a team I own, newest first. */
export function getTeamMembers(teamId: number): Promise<TeamMemberListEntry[]> {
  return apiRequest<TeamMemberListEntry[]>('teamMember/getList', { team_id: teamId });
}

export const teamMembersKey = (teamId: number) => ['teamMember/getList', { team_id: teamId }] as const;

export function useTeamMembers(teamId: number) {
  return useSWR(teamId > 0 ? teamMembersKey(teamId) : null, () => getTeamMembers(teamId));
}
