import type { ItemTokenRow } from '@quire/proto';
import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';

export type { ItemTokenRow };

/** `item/getKey`: the item's open-API credentials (made on first request). */
export function getItemKey(itemId: number): Promise<ItemTokenRow> {
  return apiRequest<ItemTokenRow>('item/getKey', { item_id: itemId });
}

export const itemKeyKey = (itemId: number) => ['item/getKey', { item_id: itemId }] as const;

export function useItemKey(itemId: number) {
  return useSWR(itemKeyKey(itemId), () => getItemKey(itemId));
}
