import type { ShareLinkScope } from '@quire/proto';

/**
 * A scoped share link (issue 20): whoever holds the key (and the password, when it has one) reads the page, the
 * catalog with everything under it, or the whole item it names, until it expires or is revoked.
 */
export interface ShareLinkEntity {
  id: number;
  /** SHA-256 of the key: what lookups go by. */
  key_hash: string;
  /** The key itself, shown to the item's editors in `share/list`: encrypted at rest (ShareLinkRepository). */
  share_key: string;
  scope: ShareLinkScope;
  item_id: number;
  /** The catalog of a catalog link, else 0. */
  cat_id: number;
  /** The page of a page link, else 0. */
  page_id: number;
  /** `scrypt$<salt>$<hash>` (hex), or '' for no password. */
  password_hash: string;
  /** Unix seconds; 0 for never. */
  expire_time: number;
  /** Unix seconds; 0 while active. */
  revoked_time: number;
  views: number;
  creator_uid: number;
  creator_username: string;
  addtime: number;
}
