import type { ItemTeamEntry } from '@quire/proto';
import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';

export type { ItemTeamEntry };

/** `teamItem/getList`: the teams the item is assigned to; `id` is the assignment's id. */
export function getItemTeams(itemId: number): Promise<ItemTeamEntry[]> {
  return apiRequest<ItemTeamEntry[]>('teamItem/getList', { item_id: itemId });
}

export const itemTeamsKey = (itemId: number) => ['teamItem/getList', { item_id: itemId }] as const;

export function useItemTeams(itemId: number) {
  return useSWR(itemTeamsKey(itemId), () => getItemTeams(itemId));
}
