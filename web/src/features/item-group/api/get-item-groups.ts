import type { ItemGroupRow } from '@quire/proto';
import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';

export type { ItemGroupRow };

/** `itemGroup/getList`: my groups of items, in my order. */
export function getItemGroups(): Promise<ItemGroupRow[]> {
  return apiRequest<ItemGroupRow[]>('itemGroup/getList');
}

export const itemGroupsKey = ['itemGroup/getList', {}] as const;

export function useItemGroups() {
  return useSWR(itemGroupsKey, getItemGroups);
}

/** A group's item ids (`item_ids` is ShowDoc's comma-separated text). */
export function groupItemIds(group: Pick<ItemGroupRow, 'item_ids'>): number[] {
  return group.item_ids
    .split(',')
    .map((id) => Number(id))
    .filter((id) => id > 0);
}
