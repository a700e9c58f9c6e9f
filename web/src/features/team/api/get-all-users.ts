import type { UserSuggestion } from '@quire/proto';
import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';

export type { UserSuggestion };

/** `user/allUser`: users whose username contains the text (every user for ''), for the member autocomplete. */
export function getAllUsers(username: string): Promise<UserSuggestion[]> {
  return apiRequest<UserSuggestion[]>('user/allUser', { username });
}

export const allUsersKey = (username: string) => ['user/allUser', { username }] as const;

export function useAllUsers(username: string) {
  return useSWR(allUsersKey(username), () => getAllUsers(username), { keepPreviousData: true });
}
