import { Logger } from '@nestjs/common';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import { MAX_MESSAGE_BYTES, type Message, type Subject } from '@quire/proto';
import { payloadTooLarge, timedOut, toAppError } from '../transport-errors';
import { TransportClient } from '../transport-client';
import type { InProcessBus } from './in-process-bus';
import { InProcessClient } from './in-process-client';

/** Messages whose text parts are this small are never measured exactly (most calls). */
const CERTAINLY_SMALL_BYTES = 64 * 1024;

/**
 * The transport port in embedded mode: messages to the handlers on the app's InProcessBus,
 * JSON round-tripped as NATS would carry them. Every failure arrives as an AppError; the
 * caller never waits longer than `timeoutMs`.
 */
export class InProcessTransportClient extends TransportClient {
  private readonly logger = new Logger(InProcessTransportClient.name);
  private readonly client: InProcessClient;

  constructor(
    bus: InProcessBus,
    private readonly timeoutMs: number,
  ) {
    super();
    this.client = new InProcessClient(bus);
  }

  async send<R = unknown>(subject: Subject, message: Message): Promise<R> {
    // The same limit as over NATS, so a message that works embedded works distributed.
    if (roughSize(message.params) >= CERTAINLY_SMALL_BYTES && Buffer.byteLength(JSON.stringify(message)) > MAX_MESSAGE_BYTES) {
      throw payloadTooLarge(MAX_MESSAGE_BYTES);
    }
    try {
      // A handler that returns nothing completes without a value.
      return await firstValueFrom(this.client.send<R, Message>(subject, message).pipe(timeout(this.timeoutMs)), {
        defaultValue: undefined as R,
      });
    } catch (error) {
      if (error instanceof TimeoutError) {
        this.logger.warn(`${subject}: no answer within ${this.timeoutMs} ms`);
        throw timedOut();
      }
      throw toAppError(this.logger, subject, error);
    }
  }

  /** In process the transport is always there. */
  async ping(): Promise<void> {
    return undefined;
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}

/** A cheap upper-bound-ish size: the length of each top-level text, or of the JSON of anything else. */
function roughSize(params: Message['params']): number {
  let size = 0;
  for (const value of Object.values(params ?? {})) {
    size += typeof value === 'string' ? value.length : (JSON.stringify(value)?.length ?? 0);
  }
  return size;
}
