import type { Logger } from '@nestjs/common';
import { messageOf } from '../transport/transport-errors';
import type { Change, ChangeHandler, SubscribeOptions } from './change-feed';

const DEFAULT_ATTEMPTS = 3;
const DEFAULT_BACKOFF_MS = 100;

/**
 * One subscriber's handler, as both adapters run it: a failing change is tried again after a
 * doubling delay, then logged and skipped, so one bad change never stops the ones after it nor
 * the process. Retries stop once the subscription is closed.
 */
export class ChangeDelivery<T = unknown> {
  private readonly attempts: number;
  private readonly backoffMs: number;

  constructor(
    private readonly consumer: string,
    private readonly handler: ChangeHandler<T>,
    options: SubscribeOptions,
    private readonly logger: Logger,
    private readonly isOpen: () => boolean,
  ) {
    this.attempts = Math.max(1, options.attempts ?? DEFAULT_ATTEMPTS);
    this.backoffMs = Math.max(0, options.backoffMs ?? DEFAULT_BACKOFF_MS);
  }

  /** Resolves once the handler has succeeded or the change was given up (never rejects). */
  async deliver(change: Change<T>): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.handler(change);
        return;
      } catch (error) {
        const what = `${this.consumer}: change ${change.sequence} of '${change.topic}'`;
        if (attempt >= this.attempts || !this.isOpen()) {
          this.logger.error(`${what} failed ${attempt} time(s) and is skipped: ${messageOf(error)}`);
          return;
        }
        this.logger.warn(`${what} failed (try ${attempt} of ${this.attempts}), trying again: ${messageOf(error)}`);
        await new Promise((resolve) => setTimeout(resolve, this.backoffMs * 2 ** (attempt - 1)));
      }
    }
  }
}
