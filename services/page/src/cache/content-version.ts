import { Injectable } from '@nestjs/common';
import { KeyValueStore, VersionToken } from '@quire/platform';
import { CacheVersionKey } from '@quire/proto';

/**
 * Renewed after every write of pages, catalogs, attachments and share keys (their repositories
 * do it), so the menus and page infos each replica caches are dropped by all of them at once.
 */
@Injectable()
export class ContentVersion extends VersionToken {
  constructor(kv: KeyValueStore) {
    super(kv, CacheVersionKey.Content);
  }
}
