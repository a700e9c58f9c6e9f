import type { SavedItemGroup } from '@quire/proto';
import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { itemGroupsKey } from './get-item-groups';

export interface SaveItemGroupInput {
  /** 0 creates a group. */
  id: number;
  group_name: string;
  item_ids: number[];
}

/** `itemGroup/save`; errors come back to the dialog (`alert: false`), which shows them beside the form. */
export async function saveItemGroup(input: SaveItemGroupInput): Promise<SavedItemGroup> {
  const saved = await apiRequest<SavedItemGroup>('itemGroup/save', { id: input.id, group_name: input.group_name, item_ids: input.item_ids.join(',') }, { alert: false, loading: true });
  await mutate(itemGroupsKey);
  return saved;
}
