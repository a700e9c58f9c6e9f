import type { ItemType } from '@quire/proto';

/**
 * An item (contract §18 `item`). Text is stored raw and escaped on the way out. The visit
 * password is kept as typed because the creator's settings form shows it (contract §19.10).
 */
export interface ItemEntity {
  item_id: number;
  item_name: string;
  item_description: string;
  /** The creator (owner); changes with `item/attorn`. */
  uid: number;
  username: string;
  /** '' = public. */
  password: string;
  /** Bumped whenever the visit password changes, so earlier unlocks stop counting. */
  password_version: number;
  addtime: number;
  last_update_time: number;
  /** Absent when the item has none, so the sparse unique index covers only real domains. */
  item_domain?: string;
  item_type: ItemType;
  is_archived: 0 | 1;
  is_del: 0 | 1;
  /** Unix seconds of the soft delete; 0 while live. Purged after ITEM_RETENTION_SECONDS. */
  del_time: number;
}
