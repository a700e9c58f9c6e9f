import type { UserSuggestion } from '@quire/proto';
import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';

export type { UserSuggestion };

/** `user/allUser`: users whose name starts with `prefix`, for the member autocomplete. */
export function findUsers(prefix: string): Promise<UserSuggestion[]> {
  return apiRequest<UserSuggestion[]>('user/allUser', { username: prefix }, { alert: false });
}

export const findUsersKey = (prefix: string) => ['user/allUser', { username: prefix }] as const;

/** Asks only once something is typed. */
export function useFindUsers(prefix: string) {
  const trimmed = prefix.trim();
  return useSWR(trimmed ? findUsersKey(trimmed) : null, () => findUsers(trimmed), { keepPreviousData: true });
}
