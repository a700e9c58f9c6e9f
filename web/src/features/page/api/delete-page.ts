import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';

export async function deletePage(pageId: number): Promise<void> {
  await apiRequest('page/delete', { page_id: pageId }, { loading: true });
  await mutate((key) => Array.isArray(key) && (key[0] === 'item/info' || (key[0] === 'page/info' && key[1]?.page_id === pageId)), undefined, {
    revalidate: true,
  });
}
