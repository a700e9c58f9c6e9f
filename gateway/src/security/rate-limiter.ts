import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { QuireConfig } from '@quire/config';
import { KeyValueStore, QUIRE_CONFIG, addressBlock } from '@quire/platform';
import { AppError, ErrorCode } from '@quire/proto';

/** The place one call holds in its address's window while it runs. */
export interface RateLimitPlace {
  key: string;
  id: string;
}

/**
 * Failed calls per client address (see addressBlock) in a fixed one-minute window, on the routes
 * the route table marks `rateLimited`, shared by every gateway replica through the KeyValueStore.
 * Only failures count, so an office behind one address may succeed as often as it likes. A call
 * holds a place from before it is forwarded: a success gives it back, a failure keeps it. Calls in
 * flight hold places too, so a burst sent at once cannot outrun the count (a burst larger than the
 * limit is refused whole).
 */
@Injectable()
export class RateLimiter {
  constructor(
    private readonly kv: KeyValueStore,
    @Inject(QUIRE_CONFIG) private readonly config: QuireConfig,
  ) {}

  /** Holds a place for one call from `address`, or refuses it (10429) when the window is full. */
  async reserve(address: string): Promise<RateLimitPlace> {
    const place = { key: `rate:${addressBlock(address)}:${Math.floor(Date.now() / 60_000)}`, id: randomUUID() };
    await this.kv.addToSet(place.key, [place.id], 60);
    if ((await this.kv.setMembers(place.key)).length <= this.config.http.rateLimitPerMinute) return place;
    await this.release(place);
    throw new AppError(ErrorCode.RateLimited, 'rate_limited');
  }

  /**
   * Counts one call made with a personal API token (every route, successes too: a script's budget, not a guess
   * count), shared by every gateway replica; refuses it (10429) past TOKEN_RATE_LIMIT_PER_MINUTE in the minute.
   */
  async countTokenCall(tokenId: number): Promise<void> {
    const calls = await this.kv.incr(`rate-token:${tokenId}:${Math.floor(Date.now() / 60_000)}`, 60);
    if (calls > this.config.http.tokenRateLimitPerMinute) throw new AppError(ErrorCode.RateLimited, 'token_rate_limited');
  }

  /** Gives a successful call's place back. */
  release(place: RateLimitPlace): Promise<void> {
    return this.kv.removeFromSet(place.key, [place.id]);
  }
}
