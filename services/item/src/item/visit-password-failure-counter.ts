import { Injectable } from '@nestjs/common';
import { KeyValueStore, addressBlock } from '@quire/platform';
import { AppError, type Caller, ErrorCode } from '@quire/proto';

/** Wrong visit passwords for one item after which a visitor needs the captcha (contract §3.3's 10). */
export const VISIT_PASSWORD_CAPTCHA_AFTER = 10;
/** A browser's count for an item lives 24 hours after its last failure (contract §3.3). */
export const VISIT_PASSWORD_BROWSER_TTL_SECONDS = 24 * 3600;
/** Wrong visit passwords for one item from one address after which the address is refused for it, captcha or not. */
export const VISIT_PASSWORD_ADDRESS_LIMIT = 20;
/** An address's count for an item lives this long after its last failure: a refused address may try again once it has passed. */
export const VISIT_PASSWORD_ADDRESS_WINDOW_SECONDS = 3600;

export const visitPasswordBrowserKey = (itemId: number, clientId: string) => `item-pwd-fail:${itemId}:client:${clientId}`;
export const visitPasswordAddressKey = (itemId: number, address: string) => `item-pwd-fail:${itemId}:addr:${addressBlock(address)}`;

/** What a visitor must do before their visit password is checked. */
export interface VisitPasswordGate {
  captcha: boolean;
}

/**
 * Failed visit passwords per item and visitor, shared by every replica. A visitor is a browser
 * (its `quire_client` id) and an address (see addressBlock), counted apart: the captcha is needed
 * once either has failed VISIT_PASSWORD_CAPTCHA_AFTER times, so clearing cookies buys no tries;
 * an address that failed VISIT_PASSWORD_ADDRESS_LIMIT times is refused (a machine reads the
 * captcha). Nobody else is affected: a stranger's failures never lock out the item's other readers.
 * ([ERA] counted per item, for everyone: 10 wrong guesses by anyone put the captcha in front of all.)
 */
@Injectable()
export class VisitPasswordFailureCounter {
  constructor(private readonly kv: KeyValueStore) {}

  /** Throws 10429 when the caller's address may not try this item now; else says whether the captcha is needed. */
  async gate(itemId: number, caller: Caller): Promise<VisitPasswordGate> {
    const addressKey = visitPasswordAddressKey(itemId, caller.ip);
    const [browser, address] = (await this.kv.getMany([visitPasswordBrowserKey(itemId, caller.clientId), addressKey])).map(toCount);
    if (address >= VISIT_PASSWORD_ADDRESS_LIMIT) {
      const seconds = Math.max(await this.kv.ttl(addressKey), 1);
      throw new AppError(ErrorCode.RateLimited, 'item_password_too_many_failures', { minutes: Math.ceil(seconds / 60) });
    }
    return { captcha: Math.max(browser, address) >= VISIT_PASSWORD_CAPTCHA_AFTER };
  }

  /** Counts one more failure of the caller on the item; true when the captcha is needed from now on. */
  async recordFailure(itemId: number, caller: Caller): Promise<boolean> {
    const browser = await this.kv.incr(visitPasswordBrowserKey(itemId, caller.clientId), VISIT_PASSWORD_BROWSER_TTL_SECONDS);
    const address = await this.kv.incr(visitPasswordAddressKey(itemId, caller.ip), VISIT_PASSWORD_ADDRESS_WINDOW_SECONDS);
    return Math.max(browser, address) >= VISIT_PASSWORD_CAPTCHA_AFTER;
  }

  /**
   * The right password clears the browser's count. The address's stays: another browser there
   * (a stranger behind the same NAT) must not get more guesses from a reader's success.
   */
  recordSuccess(itemId: number, caller: Caller): Promise<void> {
    return this.kv.delete(visitPasswordBrowserKey(itemId, caller.clientId));
  }
}

function toCount(raw: string | null): number {
  const n = raw === null ? 0 : Number.parseInt(raw, 10);
  return Number.isFinite(n) ? n : 0;
}
