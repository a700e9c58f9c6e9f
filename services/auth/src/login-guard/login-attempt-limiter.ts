import { Injectable } from '@nestjs/common';
import { KeyValueStore, addressBlock } from '@quire/platform';
import { AppError, ErrorCode } from '@quire/proto';

/** Failed logins for one account from one address before that address is refused for that account. */
export const ACCOUNT_ADDRESS_FAILURE_LIMIT = 10;
/** Failed logins from one address, whatever the accounts, before the address is refused for every account. */
export const ADDRESS_FAILURE_LIMIT = 50;
/** A count lives this long after its last failure: a refused address may try again once it has passed. */
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;

export const accountAddressFailureKey = (address: string, username: string) => `login-fail-pair:${addressBlock(address)}:${username}`;
export const addressFailureKey = (address: string) => `login-fail-addr:${addressBlock(address)}`;

/**
 * Limits on failed logins that hold whatever the captcha (a machine can read it): per account and
 * address, and per address across accounts (an address: see addressBlock). Only failures count, so signing in often is never
 * refused; an account is refused only to the addresses that failed on it, so nobody can lock its
 * owner out from elsewhere. Counts live in the KeyValueStore, shared by every replica.
 */
@Injectable()
export class LoginAttemptLimiter {
  constructor(private readonly kv: KeyValueStore) {}

  /** Throws 10429 when the address may not try this account now. */
  async assertAllowed(address: string, username: string): Promise<void> {
    const pairKey = accountAddressFailureKey(address, username);
    const addressKey = addressFailureKey(address);
    const [pair, all] = (await this.kv.getMany([pairKey, addressKey])).map(toCount);
    const blocking = [pair >= ACCOUNT_ADDRESS_FAILURE_LIMIT ? pairKey : '', all >= ADDRESS_FAILURE_LIMIT ? addressKey : ''].filter(Boolean);
    if (blocking.length === 0) return;
    const seconds = Math.max(...(await Promise.all(blocking.map((key) => this.kv.ttl(key)))), 1);
    throw new AppError(ErrorCode.RateLimited, 'login_too_many_failures', { minutes: Math.ceil(seconds / 60) });
  }

  /** Counts a failed login of the account from the address. */
  async recordFailure(address: string, username: string): Promise<void> {
    await this.kv.incr(accountAddressFailureKey(address, username), LOGIN_FAILURE_WINDOW_SECONDS);
    await this.kv.incr(addressFailureKey(address), LOGIN_FAILURE_WINDOW_SECONDS);
  }

  /**
   * A successful login clears the account's count for that address. The address's own count
   * stays: signing in to an account of one's own must not buy more guesses at others.
   */
  recordSuccess(address: string, username: string): Promise<void> {
    return this.kv.delete(accountAddressFailureKey(address, username));
  }
}

function toCount(raw: string | null): number {
  const n = raw === null ? 0 : Number.parseInt(raw, 10);
  return Number.isFinite(n) ? n : 0;
}
