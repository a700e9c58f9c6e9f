import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { itemGroupsKey } from './get-item-groups';

/** `itemGroup/saveSort`: `groups` is JSON `[{id, s_number}]`, 1..n in the new order. */
export async function sortItemGroups(order: number[]): Promise<void> {
  const groups = order.map((id, index) => ({ id, s_number: index + 1 }));
  await apiRequest('itemGroup/saveSort', { groups: JSON.stringify(groups) });
  await mutate(itemGroupsKey);
}
