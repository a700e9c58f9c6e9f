import { ErrorCode } from './error-code';
import { isMessageKey, type MessageKey, type MessageParams } from './messages';

/** What crosses the transport when a handler fails: a code and a message key, never a stack. */
export interface RpcErrorPayload {
  error_code: number;
  message_key: MessageKey;
  params?: MessageParams;
}

/** A domain error carrying the API's error code; the gateway's one filter turns it into the envelope. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly key: MessageKey,
    readonly params: MessageParams = {},
  ) {
    super(key);
    this.name = 'AppError';
  }

  toPayload(): RpcErrorPayload {
    return { error_code: this.code, message_key: this.key, params: this.params };
  }

  static fromPayload(payload: RpcErrorPayload): AppError {
    return new AppError(payload.error_code, payload.message_key, payload.params);
  }

  static failed(key: MessageKey = 'unknown_error', params?: MessageParams): AppError {
    return new AppError(ErrorCode.Failed, key, params);
  }
}

export function isRpcErrorPayload(value: unknown): value is RpcErrorPayload {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<RpcErrorPayload>;
  return typeof candidate.error_code === 'number' && isMessageKey(candidate.message_key);
}
