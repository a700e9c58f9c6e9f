import type { Logger } from '@nestjs/common';
import { NO_MESSAGE_HANDLER } from '@nestjs/microservices/constants';
import { internalErrorPayload, isRpcError, registeredTransportErrors, unavailableError, type RpcErrorPayload } from '../rpc/rpc-error';
import { MAX_MESSAGE_BYTES } from './transport-client';

/**
 * How the transport's calls fail, in the app's words (registered with PlatformErrors): each is an
 * error the caller can send on as its own (`toPayload`), so a service that called another passes the
 * failure to its own caller unchanged.
 */
export interface TransportErrors {
  /** No reply came within the transport's timeout. */
  timeout(): Error;
  /** No handler answers the subject (in process; over NATS that is a service away: `unavailable`). */
  noHandler(): Error;
  /** The message is larger than the transport carries (`maxMegabytes`); it was not sent. */
  tooLarge(maxMegabytes: number): Error;
  /** What a service answers a message that is not JSON with (anyone on NATS can publish to its subjects). */
  badRequest(reason: string): RpcErrorPayload;
  /** The app's error for the failure payload a handler answered with, or undefined when `payload` is none. */
  revive(payload: unknown): Error | undefined;
}

/** nats.js error codes that mean "the broker cannot be reached right now" (503: nobody answers the subject). */
const NATS_CONNECTION_CODES = new Set(['CONNECTION_CLOSED', 'CONNECTION_DRAINING', 'CONNECTION_REFUSED', 'CONNECTION_TIMEOUT', 'DISCONNECT', '503']);

/** Messages (strings or errors) that the NATS client uses for a lost or refused connection. */
const CONNECTION_MESSAGE = /Connection lost|CONNECTION_(CLOSED|DRAINING|REFUSED|TIMEOUT)|ECONNREFUSED|ECONNRESET|DISCONNECT/;

/** The app's, or until it registers its own, plain Errors. */
const registered = (): Partial<TransportErrors> => registeredTransportErrors() ?? {};

/** What a service answers a message that is not JSON with: the app's, or Nest's generic answer. */
export function badRequestPayload(reason: string): RpcErrorPayload | { status: 'error'; message: string } {
  return registered().badRequest?.(reason) ?? { status: 'error', message: `Bad request (${reason})` };
}

/** The refusal of a message larger than the transport carries: never half-sent, never a vague failure. */
export function payloadTooLarge(limitBytes: number): Error {
  const limit = Math.min(MAX_MESSAGE_BYTES, limitBytes);
  const max = Math.floor(limit / (1024 * 1024)) || 1;
  return registered().tooLarge?.(max) ?? new Error(`the message is larger than ${max} MB`);
}

export const unavailable = (): Error => unavailableError();
export const timedOut = (): Error => registered().timeout?.() ?? new Error('timeout');

/**
 * What a failed call becomes for the caller: the handler's own error, the app's "no handler" for a
 * subject nobody answers, its unavailable error while the transport is away, its internal error
 * (logged, text withheld) for anything else.
 */
export function toCallError(logger: Logger, subject: string, error: unknown): Error {
  if (isRpcError(error)) return error;
  const revived = registered().revive?.(error);
  if (revived) return revived;
  const text = messageOf(error);
  if (text.includes(NO_MESSAGE_HANDLER)) return registered().noHandler?.() ?? new Error('no handler answers this subject');
  if (isConnectionError(error, text)) {
    logger.warn(`${subject}: the transport is unavailable (${text})`);
    return unavailable();
  }
  logger.error(`${subject} failed: ${text}`, error instanceof Error ? error.stack : undefined);
  return registered().revive?.(internalErrorPayload()) ?? new Error('internal error');
}

export function messageOf(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null) {
    const { message } = error as { message?: unknown };
    if (typeof message === 'string') return message;
    try {
      return JSON.stringify(error);
    } catch {
      return Object.prototype.toString.call(error);
    }
  }
  return String(error);
}

function isConnectionError(error: unknown, text: string): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return (typeof code === 'string' && NATS_CONNECTION_CODES.has(code)) || CONNECTION_MESSAGE.test(text);
}

export function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}
