import { ErrorCode } from './error-code';
import { isMessageKey, type MessageKey, type MessageParams } from './messages';

/** What crosses the transport when a handler fails: a code and a message key, never a stack. */
export interface RpcErrorPayload {
  error_code: number;
  message_key: MessageKey;
  params?: MessageParams;
  /** What the envelope answers as `data` beside the message (JSON), for the few errors that carry some. */
  data?: unknown;
}

/**
 * A domain error carrying the API's error code; the gateway's one filter turns it into the envelope.
 * `data` (JSON, rare: 10409's both versions) goes into the envelope's `data` beside the message.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly key: MessageKey,
    readonly params: MessageParams = {},
    readonly data?: unknown,
  ) {
    super(key);
    this.name = 'AppError';
  }

  toPayload(): RpcErrorPayload {
    const payload: RpcErrorPayload = { error_code: this.code, message_key: this.key, params: this.params };
    if (this.data !== undefined) payload.data = this.data;
    return payload;
  }

  static fromPayload(payload: RpcErrorPayload): AppError {
    return new AppError(payload.error_code, payload.message_key, payload.params, payload.data);
  }

  static failed(key: MessageKey = 'unknown_error', params?: MessageParams): AppError {
    return new AppError(ErrorCode.Failed, key, params);
  }
}

/**
 * Quire's words for the errors the platform raises itself, registered with it by every process
 * (`PlatformModule.forRoot({ errors: appErrors })`, `runService(…, { errors: appErrors })`): a crash
 * travels as 10101 internal_error, and a store or lock that does not answer fails with 10503; a
 * transport call gives up after the timeout with 10005, finds no handler (in process) with 10404,
 * refuses a message over the transport's limit with 10413, and a service answers a NATS message that
 * is not JSON with 10400. A handler's failure payload comes back to the caller as its AppError.
 */
export const appErrors = {
  internal: { error_code: ErrorCode.Failed, message_key: 'internal_error' } satisfies RpcErrorPayload,
  unavailable: (): AppError => new AppError(ErrorCode.Unavailable, 'unavailable'),
  transport: {
    timeout: (): AppError => new AppError(ErrorCode.Timeout, 'timeout'),
    noHandler: (): AppError => new AppError(ErrorCode.InvalidRoute, 'not_available_yet'),
    tooLarge: (maxMegabytes: number): AppError => new AppError(ErrorCode.PayloadTooLarge, 'payload_too_large', { max: maxMegabytes }),
    badRequest: (reason: string): RpcErrorPayload => ({ error_code: ErrorCode.BadRequest, message_key: 'bad_request', params: { reason } }),
    revive: (payload: unknown): AppError | undefined => (isRpcErrorPayload(payload) ? AppError.fromPayload(payload) : undefined),
  },
};

export function isRpcErrorPayload(value: unknown): value is RpcErrorPayload {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<RpcErrorPayload>;
  return typeof candidate.error_code === 'number' && isMessageKey(candidate.message_key);
}
