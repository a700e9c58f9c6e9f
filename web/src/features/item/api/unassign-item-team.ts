import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { itemTeamsKey } from './get-item-teams';
import { myTeamsKey } from './get-my-teams';

/** `teamItem/delete` {id: the assignment}: the team's members lose the rights it gave. */
export async function unassignItemTeam(itemId: number, teamItemId: number): Promise<void> {
  await apiRequest('teamItem/delete', { id: teamItemId }, { loading: true });
  await mutate(itemTeamsKey(itemId));
  await mutate(myTeamsKey);
}
