import { Injectable } from '@nestjs/common';
import { KeyValueStore } from '@quire/platform';

/** At most one mail per address in this many seconds. */
export const MAIL_INTERVAL_SECONDS = 180;

export const mailThrottleKey = (email: string) => `mail-throttle:${email}`;

/** One mail per address per MAIL_INTERVAL_SECONDS, shared by every replica through the KeyValueStore. */
@Injectable()
export class MailThrottle {
  constructor(private readonly kv: KeyValueStore) {}

  /**
   * Takes the address's slot: true when no mail went to it in the interval. A refused attempt
   * does not extend the interval, so repeated requests cannot keep the owner from getting mail.
   */
  async acquire(email: string): Promise<boolean> {
    const key = mailThrottleKey(email);
    const count = await this.kv.incr(key);
    if (count === 1) {
      await this.kv.set(key, '1', MAIL_INTERVAL_SECONDS);
      return true;
    }
    // A slot taken by a process that stopped before giving it a lifetime must not last forever.
    if ((await this.kv.ttl(key)) === -1) await this.kv.set(key, String(count), MAIL_INTERVAL_SECONDS);
    return false;
  }
}
