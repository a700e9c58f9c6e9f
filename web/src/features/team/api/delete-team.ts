import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { teamsKey } from './get-teams';

/** `team/delete`: the team goes with its members and item bindings (and the rights they gave). */
export async function deleteTeam(id: number): Promise<void> {
  await apiRequest('team/delete', { id }, { loading: true });
  await mutate(teamsKey);
}
