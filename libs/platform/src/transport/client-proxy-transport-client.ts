import { Logger } from '@nestjs/common';
import { ClientNats, ClientProxy } from '@nestjs/microservices';
import { NO_MESSAGE_HANDLER } from '@nestjs/microservices/constants';
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception';
import type { NatsConnection } from 'nats';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import { AppError, ErrorCode, isRpcErrorPayload, MAX_MESSAGE_BYTES, type Message, type Subject } from '@quire/proto';
import { TransportClient } from './transport-client';

/** nats.js error codes that mean "the broker cannot be reached right now". */
const NATS_CONNECTION_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_DRAINING',
  'CONNECTION_REFUSED',
  'CONNECTION_TIMEOUT',
  'DISCONNECT',
  '503',
]);

/** Messages (strings or errors) that the NATS client uses for a lost or refused connection. */
const CONNECTION_MESSAGE = /Connection lost|CONNECTION_(CLOSED|DRAINING|REFUSED|TIMEOUT)|ECONNREFUSED|ECONNRESET|DISCONNECT/;

const PING_TIMEOUT_CAP_MS = 2_000;

/** Messages whose text parts are this small are never measured exactly (most calls). */
const CERTAINLY_SMALL_BYTES = 64 * 1024;

/**
 * The transport port over any Nest ClientProxy: the in-process client in embedded mode,
 * ClientNats in distributed mode. Every failure arrives as an AppError; the caller never
 * waits longer than `timeoutMs`.
 */
export class ClientProxyTransportClient extends TransportClient {
  private readonly logger = new Logger(ClientProxyTransportClient.name);
  /** The broker connection's last known state: while NATS is away, calls fail at once instead of waiting out the timeout. */
  private connection: 'up' | 'down' = 'up';

  constructor(
    private readonly client: ClientProxy,
    private readonly timeoutMs: number,
  ) {
    super();
    client.status.subscribe((status) => {
      this.connection = status === 'disconnected' || status === 'reconnecting' ? 'down' : 'up';
    });
  }

  async send<R = unknown>(subject: Subject, message: Message): Promise<R> {
    this.assertFits(message);
    if (this.connection === 'down') {
      this.logger.warn(`${subject}: refused at once, the transport is reconnecting`);
      throw new AppError(ErrorCode.Unavailable, 'unavailable');
    }
    try {
      // A handler that returns nothing completes without a value (its JSON reply has no `response`).
      return await firstValueFrom(this.client.send<R, Message>(subject, message).pipe(timeout(this.timeoutMs)), {
        defaultValue: undefined as R,
      });
    } catch (error) {
      throw this.toAppError(subject, error);
    }
  }

  /** Resolves when the transport can carry a message: always in process; over NATS, a PING/PONG round trip. */
  async ping(): Promise<void> {
    const limit = Math.min(this.timeoutMs, PING_TIMEOUT_CAP_MS);
    try {
      await withTimeout(
        (async () => {
          await this.client.connect();
          if (this.client instanceof ClientNats) {
            const connection = this.client.unwrap<NatsConnection>();
            if (connection.isClosed()) throw new Error('the NATS connection is closed');
            await connection.flush();
          }
        })(),
        limit,
        `no answer within ${limit} ms`,
      );
    } catch (error) {
      // ClientNats rejects with bare strings; the port promises an Error.
      throw error instanceof Error ? error : new Error(messageOf(error));
    }
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  /** Refuses, before sending, a message larger than the transport carries (never half-sent, never a vague failure). */
  private assertFits(message: Message): void {
    if (roughSize(message.params) < CERTAINLY_SMALL_BYTES) return;
    const limit = Math.min(MAX_MESSAGE_BYTES, this.brokerLimit());
    if (Buffer.byteLength(JSON.stringify(message)) > limit) {
      throw new AppError(ErrorCode.PayloadTooLarge, 'payload_too_large', { max: Math.floor(limit / (1024 * 1024)) || 1 });
    }
  }

  /** NATS's `max_payload` as the connected server announced it; no further limit in process. */
  private brokerLimit(): number {
    if (!(this.client instanceof ClientNats)) return Number.POSITIVE_INFINITY;
    try {
      return this.client.unwrap<NatsConnection>().info?.max_payload ?? MAX_MESSAGE_BYTES;
    } catch {
      return MAX_MESSAGE_BYTES;
    }
  }

  private toAppError(subject: Subject, error: unknown): AppError {
    if (error instanceof AppError) return error;
    if (isRpcErrorPayload(error)) return AppError.fromPayload(error);
    if (error instanceof TimeoutError) {
      this.logger.warn(`${subject}: no answer within ${this.timeoutMs} ms`);
      return new AppError(ErrorCode.Timeout, 'timeout');
    }
    const text = messageOf(error);
    if (text.includes(NO_MESSAGE_HANDLER)) return new AppError(ErrorCode.InvalidRoute, 'not_available_yet');
    if (error instanceof EmptyResponseException || isConnectionError(error, text)) {
      this.logger.warn(`${subject}: the transport is unavailable (${text})`);
      return new AppError(ErrorCode.Unavailable, 'unavailable');
    }
    this.logger.error(`${subject} failed: ${text}`, error instanceof Error ? error.stack : undefined);
    return new AppError(ErrorCode.Failed, 'internal_error');
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

function messageOf(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null) {
    const { message } = error as { message?: unknown };
    if (typeof message === 'string') return message;
    try {
      return JSON.stringify(error);
    } catch {
      return String(error);
    }
  }
  return String(error);
}

function isConnectionError(error: unknown, text: string): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return (typeof code === 'string' && NATS_CONNECTION_CODES.has(code)) || CONNECTION_MESSAGE.test(text);
}

function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}
