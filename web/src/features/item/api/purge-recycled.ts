import type { PurgedEntries, RecycleKind } from '@quire/proto';
import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { recycleBinKey } from './get-recycle-bin';

/** `recycle/purge`: one page or catalog for good, or, without a target, the whole recycle bin. */
export async function purgeRecycled(itemId: number, target?: { kind: RecycleKind; id: number }): Promise<PurgedEntries> {
  const purged = await apiRequest<PurgedEntries>('recycle/purge', { item_id: itemId, ...(target ?? {}) }, { loading: true });
  await mutate(recycleBinKey(itemId));
  return purged;
}
