import type { TeamRow } from '@quire/proto';
import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { teamsKey } from './get-teams';

/** `team/save`: `id` 0 creates a team, else renames it. */
export async function saveTeam(input: { id: number; team_name: string }): Promise<TeamRow> {
  const team = await apiRequest<TeamRow>('team/save', input, { loading: true });
  await mutate(teamsKey);
  return team;
}
