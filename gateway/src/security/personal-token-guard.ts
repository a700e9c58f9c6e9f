import { Injectable, Logger } from '@nestjs/common';
import { TransportClient } from '@quire/platform';
import { AppError, type Caller, ErrorCode, PERSONAL_TOKEN_PREFIX, type QuireContracts, type Route, Subject } from '@quire/proto';
import { RateLimiter } from './rate-limiter';

/** How often a token's last use is sent to auth at most (it shows to the minute). */
const TOUCH_EVERY_MS = 60_000;

/**
 * What a call authenticated by a personal API token may do (issue 21): exactly what its owner may, narrowed by
 * the token's scope (a `read` token makes no call that changes anything), never what manages credentials
 * (`sessionOnly` routes), within the token's own per-minute budget. Its last use goes to auth, once a minute.
 */
@Injectable()
export class PersonalTokenGuard {
  private readonly logger = new Logger(PersonalTokenGuard.name);
  /** Token id -> when its last use was last sent (this replica). */
  private readonly touched = new Map<number, number>();

  constructor(
    private readonly limiter: RateLimiter,
    private readonly transport: TransportClient<QuireContracts>,
  ) {}

  /**
   * Refuses a call whose explicit token looks like a personal one but names none that lives (revoked, expired, or
   * never made), with a message that says so instead of acting as an anonymous visitor; admits the others by `admit`.
   */
  async admit(route: Pick<Route, 'effect' | 'sessionOnly'>, caller: Caller, presented?: string): Promise<void> {
    const token = caller.personalToken;
    if (!token && caller.uid === 0 && presented?.startsWith(PERSONAL_TOKEN_PREFIX)) throw new AppError(ErrorCode.NotLoggedIn, 'token_invalid');
    if (!token) return;
    if (route.sessionOnly) throw new AppError(ErrorCode.NoPermission, 'token_session_only');
    if (route.effect === 'write' && token.scope !== 'write') throw new AppError(ErrorCode.NoPermission, 'token_read_only');
    await this.limiter.countTokenCall(token.id);
    this.touch(caller, token.id);
  }

  private touch(caller: Caller, id: number): void {
    const now = Date.now();
    if (now - (this.touched.get(id) ?? 0) < TOUCH_EVERY_MS) return;
    this.touched.set(id, now);
    if (this.touched.size > 10_000) this.touched.clear();
    this.transport.send(Subject.AuthTokenTouch, { caller, params: { id } }).catch((error: Error) => this.logger.warn(`last use of token ${id} not kept: ${error.message}`));
  }
}
