import { Inject, Injectable } from '@nestjs/common';
import type { QuireConfig } from '@quire/config';
import { KeyValueStore, QUIRE_CONFIG } from '@quire/platform';
import { AppError, ErrorCode } from '@quire/proto';

/** A fixed one-minute window per client address, shared by every gateway replica through the KeyValueStore. */
@Injectable()
export class RateLimiter {
  constructor(
    private readonly kv: KeyValueStore,
    @Inject(QUIRE_CONFIG) private readonly config: QuireConfig,
  ) {}

  async consume(ip: string): Promise<void> {
    const minute = Math.floor(Date.now() / 60_000);
    const count = await this.kv.incr(`rate:${ip}:${minute}`, 60);
    if (count > this.config.http.rateLimitPerMinute) throw new AppError(ErrorCode.RateLimited, 'rate_limited');
  }
}
