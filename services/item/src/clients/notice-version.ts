import { Injectable } from '@nestjs/common';
import { KeyValueStore, VersionToken } from '@quire/platform';
import { CacheVersionKey } from '@quire/proto';

/**
 * Renewed by the notice service after every write of notices and of read or delete receipts: the
 * unread counts this service keeps for item/info count only under it.
 */
@Injectable()
export class NoticeVersion extends VersionToken {
  constructor(kv: KeyValueStore) {
    super(kv, CacheVersionKey.Notice);
  }
}
