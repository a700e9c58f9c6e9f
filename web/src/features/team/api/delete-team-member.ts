import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { teamsKey } from './get-teams';
import { teamMembersKey } from './get-team-members';

/** `teamMember/delete`: `id` is the team_member id; the member's rights on the team's items go too. */
export async function deleteTeamMember(teamId: number, id: number): Promise<void> {
  await apiRequest('teamMember/delete', { id }, { loading: true });
  await Promise.all([mutate(teamMembersKey(teamId)), mutate(teamsKey)]);
}
