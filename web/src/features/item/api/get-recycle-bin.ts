import type { RecycleBin, RecycledCatalogEntry, RecycledPageEntry } from '@quire/proto';
import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';

export type { RecycleBin, RecycledCatalogEntry, RecycledPageEntry };

/** `recycle/getBin`: the item's deleted catalogs and pages, newest first, and how many days they are kept. */
export function getRecycleBin(itemId: number): Promise<RecycleBin> {
  return apiRequest<RecycleBin>('recycle/getBin', { item_id: itemId });
}

export const recycleBinKey = (itemId: number) => ['recycle/getBin', { item_id: itemId }] as const;

export function useRecycleBin(itemId: number) {
  return useSWR(recycleBinKey(itemId), () => getRecycleBin(itemId));
}
