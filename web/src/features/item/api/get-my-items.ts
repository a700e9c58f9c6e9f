import type { ItemListEntry } from '@quire/proto';
import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';

export type { ItemListEntry };

export function getMyItems(): Promise<ItemListEntry[]> {
  return apiRequest<ItemListEntry[]>('item/myList');
}

export const myItemsKey = ['item/myList', {}] as const;

/** `enabled: false` asks nothing (a visitor who is not logged in would be sent to the login screen). */
export function useMyItems(options: { enabled?: boolean } = {}) {
  return useSWR(options.enabled === false ? null : myItemsKey, getMyItems);
}
