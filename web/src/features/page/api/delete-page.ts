import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { pageKey } from './get-page';

export async function deletePage(pageId: number): Promise<void> {
  await apiRequest('page/delete', { page_id: pageId }, { loading: true });
  // The page is gone: drop its cached reply (refetching it would only alert "not found"), refresh the menus.
  await mutate(pageKey(pageId), undefined, { revalidate: false });
  await mutate((key) => Array.isArray(key) && key[0] === 'item/info');
}
