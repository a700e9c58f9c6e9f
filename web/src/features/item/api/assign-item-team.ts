import type { TeamItemRow } from '@quire/proto';
import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { itemTeamsKey } from './get-item-teams';
import { myTeamsKey } from './get-my-teams';

/** `teamItem/save`: every member of the team gets a right on the item (read-only until raised). */
export async function assignItemTeam(itemId: number, teamId: number): Promise<TeamItemRow> {
  const row = await apiRequest<TeamItemRow>('teamItem/save', { item_id: itemId, team_id: teamId }, { loading: true });
  await mutate(itemTeamsKey(itemId));
  await mutate(myTeamsKey);
  return row;
}
