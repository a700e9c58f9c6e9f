import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CacheVersionKey, type CacheVersions } from '@quire/proto';
import { KeyValueStore } from '../key-value/key-value-store';

/**
 * A token in the KeyValueStore that writers renew after every change of some data and readers
 * take before reading it: what a replica cached under the token it read is current while the
 * token is unchanged, in every replica at once (see VersionedCache). The gateway reads every
 * token with the session and forwards them (`Message.versions`), so a cached read costs no extra
 * round trip.
 */
export abstract class VersionToken {
  protected constructor(
    private readonly kv: KeyValueStore,
    readonly key: CacheVersionKey,
  ) {}

  /** Whatever was cached under any earlier token is stale from now on. */
  async renew(): Promise<void> {
    await this.kv.set(this.key, randomUUID());
  }

  /** Waits for a write, then renews: how repositories end every write of the data this token covers. */
  async renewAfter<R>(write: Promise<R>): Promise<R> {
    const result = await write;
    await this.renew();
    return result;
  }

  /** The tokens' values: those the message carried (read by the gateway before forwarding), the rest in one round trip. */
  static async readAll(carried: CacheVersions | undefined, ...tokens: VersionToken[]): Promise<(string | null)[]> {
    const values = tokens.map((token) => carried?.[token.key]);
    const missing = tokens.filter((_, i) => values[i] === undefined);
    if (missing.length === 0) return values as (string | null)[];
    const read = await missing[0].kv.getMany(missing.map((token) => token.key));
    return values.map((value) => (value === undefined ? (read.shift() as string | null) : value));
  }
}

/**
 * Renewed by every write that can change who may do what with an item: items, item members,
 * visit-password unlocks (item service) and teams, team members, team items and team rights
 * (team service). Services that cache an access decision read it on every call.
 */
@Injectable()
export class AccessVersion extends VersionToken {
  constructor(kv: KeyValueStore) {
    super(kv, CacheVersionKey.Access);
  }
}

/**
 * Renewed by every write of notices and of read or delete receipts (notice service). The item
 * service keeps each user's unread count for item/info under it.
 */
@Injectable()
export class NoticeVersion extends VersionToken {
  constructor(kv: KeyValueStore) {
    super(kv, CacheVersionKey.Notice);
  }
}
