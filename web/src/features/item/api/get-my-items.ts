import type { ItemListEntry } from '@quire/proto';
import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';

export type { ItemListEntry };

export function getMyItems(): Promise<ItemListEntry[]> {
  return apiRequest<ItemListEntry[]>('item/myList');
}

export const myItemsKey = ['item/myList', {}] as const;

export function useMyItems() {
  return useSWR(myItemsKey, getMyItems);
}
