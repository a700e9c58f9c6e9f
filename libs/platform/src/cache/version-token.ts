import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { KeyValueStore } from '../key-value/key-value-store';

/**
 * A token in the KeyValueStore that writers renew after every change of some data and readers
 * take before reading it: what a replica cached under the token it read is current while the
 * token is unchanged, in every replica at once (see VersionedCache).
 */
export abstract class VersionToken {
  protected constructor(
    private readonly kv: KeyValueStore,
    readonly key: string,
  ) {}

  read(): Promise<string | null> {
    return this.kv.get(this.key);
  }

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

  /** Several tokens (of one KeyValueStore) in one round trip. */
  static async readAll(first: VersionToken, ...others: VersionToken[]): Promise<(string | null)[]> {
    return first.kv.getMany([first, ...others].map((token) => token.key));
  }
}

/**
 * Renewed by every write that can change who may do what with an item: items, item members,
 * visit-password unlocks (item service) and teams, team members, team items and team rights
 * (team service). Services that cache an access decision read it on every call.
 */
@Injectable()
export class AccessVersion extends VersionToken {
  static readonly KEY = 'item:access-version';

  constructor(kv: KeyValueStore) {
    super(kv, AccessVersion.KEY);
  }
}
