import type { RecycleKind, RestoredEntry } from '@quire/proto';
import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { recycleBinKey } from './get-recycle-bin';

export type { RecycleKind, RestoredEntry };

/** `recycle/restore`: a page (by page id) or a catalog (by bin entry id) back to its old place, else to the item root. */
export async function restoreRecycled(itemId: number, kind: RecycleKind, id: number): Promise<RestoredEntry> {
  const restored = await apiRequest<RestoredEntry>('recycle/restore', { item_id: itemId, kind, id }, { loading: true });
  await mutate(recycleBinKey(itemId));
  // The item's menu and catalog list show it again.
  await mutate((key) => Array.isArray(key) && (key[0] === 'item/info' || key[0] === 'catalog/catListGroup'));
  return restored;
}
