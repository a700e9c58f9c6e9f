import type { CatalogGroup } from '@quire/proto';
import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';

export type { CatalogGroup };

/** `catalog/catListGroup`: the item's catalogs, nested in `sub` (levels 2 to 4). */
export function getCatalogGroups(itemId: number): Promise<CatalogGroup[]> {
  return apiRequest<CatalogGroup[]>('catalog/catListGroup', { item_id: itemId });
}

export const catalogGroupsKey = (itemId: number) => ['catalog/catListGroup', { item_id: itemId }] as const;

export function useCatalogGroups(itemId: number) {
  return useSWR(itemId > 0 ? catalogGroupsKey(itemId) : null, () => getCatalogGroups(itemId));
}
