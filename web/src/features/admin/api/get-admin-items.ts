import type { AdminItemPage, AdminItemRow } from '@quire/proto';
import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';

export type { AdminItemRow };

export interface AdminItemQuery {
  item_name: string;
  username: string;
  page: number;
  count: number;
}

/** `adminItem/getList`: one page of live items, newest first. An empty page may come as `[]`. */
export async function getAdminItems(query: AdminItemQuery): Promise<AdminItemPage> {
  const data = await apiRequest<AdminItemPage | never[]>('adminItem/getList', { ...query });
  return Array.isArray(data) ? { total: 0, items: [] } : data;
}

export const adminItemsKey = (query: AdminItemQuery) => ['adminItem/getList', { ...query }] as const;

export function useAdminItems(query: AdminItemQuery) {
  return useSWR(adminItemsKey(query), () => getAdminItems(query), { keepPreviousData: true });
}
