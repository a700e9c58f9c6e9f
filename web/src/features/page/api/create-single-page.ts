import type { SinglePageKey } from '@quire/proto';
import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { pageKey } from './get-page';

/** Turns the single-page share link on (a new key every time) or off. */
export async function setSinglePageLink(pageId: number, enabled: boolean): Promise<string> {
  const reply = await apiRequest<SinglePageKey | []>('page/createSinglePage', { page_id: pageId, isCreateSiglePage: enabled ? 'true' : 'false' });
  await mutate(pageKey(pageId));
  return enabled && !Array.isArray(reply) ? reply.unique_key : '';
}
