import type { TeamMemberRow } from '@quire/proto';
import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { teamsKey } from './get-teams';
import { teamMembersKey } from './get-team-members';

/** `teamMember/save`: adds a user by username; the team's items give the new member the edit right. */
export async function saveTeamMember(teamId: number, username: string): Promise<TeamMemberRow> {
  const row = await apiRequest<TeamMemberRow>('teamMember/save', { team_id: teamId, member_username: username }, { loading: true });
  await Promise.all([mutate(teamMembersKey(teamId)), mutate(teamsKey)]);
  return row;
}
