import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { itemDetailKey } from './get-item-detail';
import { myItemsKey } from './get-my-items';

export interface UpdateItemInput {
  item_id: number;
  item_name: string;
  item_description: string;
  item_domain: string;
  /** Empty makes the item public. */
  password: string;
}

/** `item/update`; errors come back to the form (`alert: false`), the domain codes beside the field. */
export async function updateItem(input: UpdateItemInput): Promise<void> {
  await apiRequest('item/update', { ...input }, { alert: false, loading: true });
  await mutate(itemDetailKey(input.item_id));
  await mutate(myItemsKey);
}
