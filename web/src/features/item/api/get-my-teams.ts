import type { TeamListEntry } from '@quire/proto';
import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';

export type { TeamListEntry };

/** `team/getList`: the teams I own, which I may assign to my item. */
export function getMyTeams(): Promise<TeamListEntry[]> {
  return apiRequest<TeamListEntry[]>('team/getList');
}

export const myTeamsKey = ['team/getList', {}] as const;

export function useMyTeams() {
  return useSWR(myTeamsKey, getMyTeams);
}
