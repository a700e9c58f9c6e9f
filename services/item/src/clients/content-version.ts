import { Injectable } from '@nestjs/common';
import { KeyValueStore, VersionToken } from '@quire/platform';
import { CacheVersionKey } from '@quire/proto';

/**
 * Renewed by the page service after every write of pages, catalogs, attachments and share keys:
 * item/info's version (its ETag) is built from it, so a changed menu is never answered with 304.
 */
@Injectable()
export class ContentVersion extends VersionToken {
  constructor(kv: KeyValueStore) {
    super(kv, CacheVersionKey.Content);
  }
}
