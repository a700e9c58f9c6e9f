import type { ItemRow } from '@quire/proto';
import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';

export type { ItemRow };

/** `item/detail`: the creator's view of the item (visit password included). Others get the server's message. */
export function getItemDetail(itemId: number): Promise<ItemRow> {
  return apiRequest<ItemRow>('item/detail', { item_id: itemId }, { alert: false });
}

export const itemDetailKey = (itemId: number) => ['item/detail', { item_id: itemId }] as const;

export function useItemDetail(itemId: number) {
  return useSWR<ItemRow, unknown>(itemDetailKey(itemId), () => getItemDetail(itemId), { shouldRetryOnError: false });
}
