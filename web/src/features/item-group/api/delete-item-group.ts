import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { itemGroupsKey } from './get-item-groups';

/** `itemGroup/delete`: the group goes, its items stay. */
export async function deleteItemGroup(id: number): Promise<void> {
  await apiRequest('itemGroup/delete', { id }, { loading: true });
  await mutate(itemGroupsKey);
}
