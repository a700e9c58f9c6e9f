import { Logger } from '@nestjs/common';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import type { MessageContracts, NoMessages } from '../message-map';
import { payloadTooLarge, timedOut, toCallError } from '../transport-errors';
import { MAX_MESSAGE_BYTES, TransportClient } from '../transport-client';
import type { InProcessBus } from './in-process-bus';
import { InProcessClient } from './in-process-client';

/** Messages whose text parts are this small are never measured exactly (most calls). */
const CERTAINLY_SMALL_BYTES = 64 * 1024;

/**
 * The transport port in embedded mode: messages to the handlers on the app's InProcessBus,
 * JSON round-tripped as NATS would carry them. Every failure arrives as the app's error; the
 * caller never waits longer than `timeoutMs`.
 */
export class InProcessTransportClient<M extends MessageContracts<M> = NoMessages> extends TransportClient<M> {
  private readonly logger = new Logger(InProcessTransportClient.name);
  private readonly client: InProcessClient;

  constructor(
    bus: InProcessBus,
    private readonly timeoutMs: number,
  ) {
    super();
    this.client = new InProcessClient(bus);
  }

  protected async request(subject: string, message: unknown): Promise<unknown> {
    // The same limit as over NATS, so a message that works embedded works distributed.
    if (roughSize(message) >= CERTAINLY_SMALL_BYTES && Buffer.byteLength(JSON.stringify(message)) > MAX_MESSAGE_BYTES) {
      throw payloadTooLarge(MAX_MESSAGE_BYTES);
    }
    try {
      // A handler that returns nothing completes without a value.
      return await firstValueFrom(this.client.send<unknown, unknown>(subject, message).pipe(timeout(this.timeoutMs)), {
        defaultValue: undefined,
      });
    } catch (error) {
      if (error instanceof TimeoutError) {
        this.logger.warn(`${subject}: no answer within ${this.timeoutMs} ms`);
        throw timedOut();
      }
      throw toCallError(this.logger, subject, error);
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

/**
 * A cheap upper-bound-ish size of a message (an object of parts such as its params): the length of
 * each text in a part, or of the JSON of anything else.
 */
function roughSize(message: unknown): number {
  let size = 0;
  for (const part of Object.values(isObject(message) ? message : { message }) as unknown[]) {
    for (const value of Object.values(isObject(part) ? part : { part }) as unknown[]) {
      size += typeof value === 'string' ? value.length : (JSON.stringify(value)?.length ?? 0);
    }
  }
  return size;
}

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;
