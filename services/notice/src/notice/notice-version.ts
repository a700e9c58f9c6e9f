import { Injectable } from '@nestjs/common';
import { KeyValueStore, VersionToken } from '@quire/platform';
import { CacheVersionKey } from '@quire/proto';

/**
 * Renewed after every write of notices and of read or delete receipts (the repositories do it), so
 * the unread counts the item service caches for item/info are dropped by every replica at once.
 */
@Injectable()
export class NoticeVersion extends VersionToken {
  constructor(kv: KeyValueStore) {
    super(kv, CacheVersionKey.Notice);
  }
}
