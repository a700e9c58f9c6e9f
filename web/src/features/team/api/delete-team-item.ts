import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { teamsKey } from './get-teams';
import { teamItemsKey } from './get-team-items';

/** `teamItem/delete`: `id` is the team_item id; the members' rights on the item through the team go. */
export async function deleteTeamItem(teamId: number, id: number): Promise<void> {
  await apiRequest('teamItem/delete', { id }, { loading: true });
  await Promise.all([mutate(teamItemsKey(teamId)), mutate(teamsKey)]);
}
