import type { Logger } from '@nestjs/common';
import { NO_MESSAGE_HANDLER } from '@nestjs/microservices/constants';
import { AppError, ErrorCode, isRpcErrorPayload, MAX_MESSAGE_BYTES, type Subject } from '@quire/proto';

/** nats.js error codes that mean "the broker cannot be reached right now" (503: nobody answers the subject). */
const NATS_CONNECTION_CODES = new Set(['CONNECTION_CLOSED', 'CONNECTION_DRAINING', 'CONNECTION_REFUSED', 'CONNECTION_TIMEOUT', 'DISCONNECT', '503']);

/** Messages (strings or errors) that the NATS client uses for a lost or refused connection. */
const CONNECTION_MESSAGE = /Connection lost|CONNECTION_(CLOSED|DRAINING|REFUSED|TIMEOUT)|ECONNREFUSED|ECONNRESET|DISCONNECT/;

/** The refusal of a message larger than the transport carries: never half-sent, never a vague failure. */
export function payloadTooLarge(limitBytes: number): AppError {
  const limit = Math.min(MAX_MESSAGE_BYTES, limitBytes);
  return new AppError(ErrorCode.PayloadTooLarge, 'payload_too_large', { max: Math.floor(limit / (1024 * 1024)) || 1 });
}

export const unavailable = (): AppError => new AppError(ErrorCode.Unavailable, 'unavailable');
export const timedOut = (): AppError => new AppError(ErrorCode.Timeout, 'timeout');

/**
 * What a failed call becomes for the caller: the handler's own AppError, 10404 for a subject no
 * handler knows, 10503 while the transport is away, 10101 (logged, text withheld) for anything else.
 */
export function toAppError(logger: Logger, subject: Subject, error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isRpcErrorPayload(error)) return AppError.fromPayload(error);
  const text = messageOf(error);
  if (text.includes(NO_MESSAGE_HANDLER)) return new AppError(ErrorCode.InvalidRoute, 'not_available_yet');
  if (isConnectionError(error, text)) {
    logger.warn(`${subject}: the transport is unavailable (${text})`);
    return unavailable();
  }
  logger.error(`${subject} failed: ${text}`, error instanceof Error ? error.stack : undefined);
  return new AppError(ErrorCode.Failed, 'internal_error');
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
      return String(error);
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
