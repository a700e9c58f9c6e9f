import { Injectable } from '@nestjs/common';
import { KeyValueStore } from '@quire/platform';

/** Wrong visit passwords for one item after which `item/pwd` needs the captcha (contract §3.3). */
export const VISIT_PASSWORD_FAILURE_LIMIT = 10;
/** An item's counter lives 24 hours after its last failure. */
export const VISIT_PASSWORD_FAILURE_TTL_SECONDS = 24 * 3600;

export const visitPasswordFailureKey = (itemId: number) => `item-pwd-fail:${itemId}`;

/** Failed visit passwords per item, shared by every visitor and every replica ([ERA] semantics). */
@Injectable()
export class VisitPasswordFailureCounter {
  constructor(private readonly kv: KeyValueStore) {}

  async needsCaptcha(itemId: number): Promise<boolean> {
    const raw = await this.kv.get(visitPasswordFailureKey(itemId));
    const count = raw === null ? 0 : Number.parseInt(raw, 10);
    return Number.isFinite(count) && count >= VISIT_PASSWORD_FAILURE_LIMIT;
  }

  /** Counts one more failure and returns the new count. */
  record(itemId: number): Promise<number> {
    return this.kv.incr(visitPasswordFailureKey(itemId), VISIT_PASSWORD_FAILURE_TTL_SECONDS);
  }
}
