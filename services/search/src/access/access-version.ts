import { Injectable } from '@nestjs/common';
import { KeyValueStore, VersionToken } from '@quire/platform';
import { CacheVersionKey } from '@quire/proto';

/**
 * Renewed by the item and team services after every write that can change who may read an item
 * (members, teams, passwords and unlocks, new, deleted or handed over items): the readable items
 * this service keeps per caller count only under it.
 */
@Injectable()
export class AccessVersion extends VersionToken {
  constructor(kv: KeyValueStore) {
    super(kv, CacheVersionKey.Access);
  }
}
