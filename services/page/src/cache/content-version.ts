import { Injectable } from '@nestjs/common';
import { KeyValueStore, VersionToken } from '@quire/platform';

/**
 * Renewed after every write of pages, catalogs, attachments and share keys (their repositories
 * do it), so the menus and page infos each replica caches are dropped by all of them at once.
 */
@Injectable()
export class ContentVersion extends VersionToken {
  static readonly KEY = 'page:content-version';

  constructor(kv: KeyValueStore) {
    super(kv, ContentVersion.KEY);
  }
}
