import { Injectable } from '@nestjs/common';
import { KeyValueStore } from '@quire/platform';

/** Consecutive failures after which a login needs the captcha (contract §3.2). */
export const LOGIN_FAILURE_LIMIT = 5;
/** A username's counter lives 24 hours after its last failure. */
export const LOGIN_FAILURE_TTL_SECONDS = 24 * 3600;

export const loginFailureKey = (username: string) => `login-fail:${username}`;

/** Failed logins per username, shared by every replica through the KeyValueStore. */
@Injectable()
export class LoginFailureCounter {
  constructor(private readonly kv: KeyValueStore) {}

  async count(username: string): Promise<number> {
    const raw = await this.kv.get(loginFailureKey(username));
    const n = raw === null ? 0 : Number.parseInt(raw, 10);
    return Number.isFinite(n) ? n : 0;
  }

  /** Whether the next login for this username must carry a correct captcha. */
  async needsCaptcha(username: string): Promise<boolean> {
    return (await this.count(username)) >= LOGIN_FAILURE_LIMIT;
  }

  /** Counts one more failure and returns the new count. */
  record(username: string): Promise<number> {
    return this.kv.incr(loginFailureKey(username), LOGIN_FAILURE_TTL_SECONDS);
  }

  reset(username: string): Promise<void> {
    return this.kv.delete(loginFailureKey(username));
  }
}
