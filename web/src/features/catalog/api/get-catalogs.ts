import type { CatalogGroup } from '@quire/proto';
import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';

export type { CatalogGroup };

/** `catalog/catListGroup`: the item's top-level catalogs with their children in `sub` (contract §9.5). */
export function getCatalogs(itemId: number): Promise<CatalogGroup[]> {
  return apiRequest<CatalogGroup[]>('catalog/catListGroup', { item_id: itemId });
}

export const catalogsKey = (itemId: number) => ['catalog/catListGroup', { item_id: itemId }] as const;

export function useCatalogs(itemId: number) {
  return useSWR(catalogsKey(itemId), () => getCatalogs(itemId));
}
