import type { ItemRow } from '@quire/proto';

/**
 * An item (contract §18 `item`): the API's item row and what only the item service needs. Text is
 * stored raw and escaped on the way out. The visit password is as typed here, because the creator's
 * settings form shows it (contract §19.10); the repository keeps it encrypted at rest.
 */
export interface ItemEntity extends Omit<ItemRow, 'item_domain'> {
  /** Bumped whenever the visit password changes, so earlier unlocks stop counting. */
  password_version: number;
  /** Absent when the item has none, so the sparse unique index covers only real domains. */
  item_domain?: string;
  /** Unix seconds of the soft delete; 0 while live. Purged after ITEM_RETENTION_SECONDS. */
  del_time: number;
  /**
   * Present while the item is being made (a copy, a single-page item before its page): such an item
   * is not live (`is_del` 1, `del_time` its start) until one write makes it live; one still pending
   * after PENDING_ITEM_GRACE_SECONDS was abandoned by a process that died and is swept.
   */
  pending?: 1;
}
