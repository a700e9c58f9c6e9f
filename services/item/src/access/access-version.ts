import { Injectable } from '@nestjs/common';
import { KeyValueStore, VersionToken } from '@quire/platform';
import { CacheVersionKey } from '@quire/proto';

/**
 * Renewed by every write that can change who may do what with an item: items, item members and
 * visit-password unlocks here, teams and their rights in the team service. The access answers this
 * service caches count only under it; the page service reads it for the same reason.
 */
@Injectable()
export class AccessVersion extends VersionToken {
  constructor(kv: KeyValueStore) {
    super(kv, CacheVersionKey.Access);
  }
}
