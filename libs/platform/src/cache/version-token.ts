import { randomUUID } from 'node:crypto';
import type { KeyValueStore } from '../key-value/key-value-store';

/** Token values a caller read ahead and passed along, by key (null: never renewed yet). */
export type CarriedVersions = Readonly<Record<string, string | null | undefined>>;

/**
 * A token in the KeyValueStore that writers renew after every change of some data and readers
 * take before reading it: what a replica cached under the token it read is current while the
 * token is unchanged, in every replica at once (see VersionedCache). The app names each token by
 * its key and provides it where it is written or read (`class AccessVersion extends VersionToken`).
 * A caller that read the tokens ahead can pass their values along (`readAll`'s `carried`), so a
 * cached read costs no extra round trip.
 */
export abstract class VersionToken {
  protected constructor(
    private readonly kv: KeyValueStore,
    readonly key: string,
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

  /** The tokens' values: those the caller carried (read ahead of the call), the rest in one round trip. */
  static async readAll(carried: CarriedVersions | undefined, ...tokens: VersionToken[]): Promise<(string | null)[]> {
    const values = tokens.map((token) => carried?.[token.key]);
    const missing = tokens.filter((_, i) => values[i] === undefined);
    if (missing.length === 0) return values as (string | null)[];
    const read = await missing[0].kv.getMany(missing.map((token) => token.key));
    return values.map((value) => (value === undefined ? (read.shift() as string | null) : value));
  }
}
