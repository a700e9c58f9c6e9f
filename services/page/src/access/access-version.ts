import { Injectable } from '@nestjs/common';
import { KeyValueStore, VersionToken } from '@quire/platform';
import { CacheVersionKey } from '@quire/proto';

/**
 * Renewed by the item and team services after every write that can change who may do what with
 * an item: the page infos and access decisions this service caches count only under it.
 */
@Injectable()
export class AccessVersion extends VersionToken {
  constructor(kv: KeyValueStore) {
    super(kv, CacheVersionKey.Access);
  }
}
