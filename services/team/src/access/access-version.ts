import { Injectable } from '@nestjs/common';
import { KeyValueStore, VersionToken } from '@quire/platform';
import { CacheVersionKey } from '@quire/proto';

/**
 * Renewed after every write of teams, team members, team items and their rights, as the item
 * service renews it after items, members and unlocks: the access answers the item and page
 * services cache count only under it.
 */
@Injectable()
export class AccessVersion extends VersionToken {
  constructor(kv: KeyValueStore) {
    super(kv, CacheVersionKey.Access);
  }
}
