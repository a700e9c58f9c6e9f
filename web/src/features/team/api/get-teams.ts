import type { TeamListEntry } from '@quire/proto';
import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';

export type { TeamListEntry };

/** `team/getList`: the teams I own, newest first, with member and item counts. */
export function getTeams(): Promise<TeamListEntry[]> {
  return apiRequest<TeamListEntry[]>('team/getList');
}

export const teamsKey = ['team/getList', {}] as const;

export function useTeams() {
  return useSWR(teamsKey, getTeams);
}
