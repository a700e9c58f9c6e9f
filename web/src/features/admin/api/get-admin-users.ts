import type { AdminUserPage, AdminUserRow } from '@quire/proto';
import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';

export type { AdminUserRow };

export interface AdminUserQuery {
  username: string;
  page: number;
  count: number;
}

/** `adminUser/getList`: one page of users, newest first. An empty page may come as `[]`. */
export async function getAdminUsers(query: AdminUserQuery): Promise<AdminUserPage> {
  const data = await apiRequest<AdminUserPage | never[]>('adminUser/getList', { ...query });
  return Array.isArray(data) ? { total: 0, users: [] } : data;
}

export const adminUsersKey = (query: AdminUserQuery) => ['adminUser/getList', { ...query }] as const;

export function useAdminUsers(query: AdminUserQuery) {
  return useSWR(adminUsersKey(query), () => getAdminUsers(query), { keepPreviousData: true });
}
