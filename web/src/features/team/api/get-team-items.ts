import type { TeamItemByTeamEntry } from '@quire/proto';
import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';

export type { TeamItemByTeamEntry };

/** `teamItem/getListByTeam`: the live items assigned to a team I own; `id` is the team_item id. */
export function getTeamItems(teamId: number): Promise<TeamItemByTeamEntry[]> {
  return apiRequest<TeamItemByTeamEntry[]>('teamItem/getListByTeam', { team_id: teamId });
}

export const teamItemsKey = (teamId: number) => ['teamItem/getListByTeam', { team_id: teamId }] as const;

export function useTeamItems(teamId: number) {
  return useSWR(teamId > 0 ? teamItemsKey(teamId) : null, () => getTeamItems(teamId));
}
