import type { TeamItemRow } from '@quire/proto';
import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { teamsKey } from './get-teams';
import { teamItemsKey } from './get-team-items';

/** `teamItem/save`: assigns one of my items to the team; every member gets the edit right on it. */
export async function saveTeamItem(teamId: number, itemId: number): Promise<TeamItemRow> {
  const row = await apiRequest<TeamItemRow>('teamItem/save', { team_id: teamId, item_id: itemId }, { loading: true });
  await Promise.all([mutate(teamItemsKey(teamId)), mutate(teamsKey)]);
  return row;
}
