import type { AddedItem } from '@quire/proto';
import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { myItemsKey } from './get-my-items';

export interface AddItemInput {
  item_type: 1 | 2;
  item_name: string;
  item_description: string;
  /** Empty for an open item. */
  password: string;
  item_domain: string;
  copy_item_id: number;
}

/** Errors come back to the form (`alert: false`): the domain codes are shown beside the field. */
export async function addItem(input: AddItemInput): Promise<AddedItem> {
  const added = await apiRequest<AddedItem>('item/add', { ...input, copy_item_id: input.copy_item_id || undefined }, { alert: false, loading: true });
  await mutate(myItemsKey);
  return added;
}
