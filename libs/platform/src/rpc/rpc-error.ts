import type { TransportErrors } from '../transport/transport-errors';

/**
 * What crosses the transport when a handler fails: a numeric code and a message key with its
 * params (and, rarely, data meant for the caller), never a stack. The codes and keys are the app's; the platform only carries them.
 */
export interface RpcErrorPayload {
  error_code: number;
  message_key: string;
  params?: Readonly<Record<string, unknown>>;
  /** What the caller answers beside the message (JSON), for the few errors that carry some. */
  data?: unknown;
}

/** An error meant for the caller: it travels as its payload and nothing else of it (the app's domain errors are ones). */
export interface RpcError extends Error {
  toPayload(): RpcErrorPayload;
}

export function isRpcError(error: unknown): error is RpcError {
  return error instanceof Error && typeof (error as Partial<RpcError>).toPayload === 'function';
}

/**
 * The errors the platform raises itself, in the app's words: the app registers them once per
 * process (`PlatformModule.forRoot({ errors })`, `runService(…, { errors })`). They are held
 * process-wide because the RPC error filter and the stores that raise them are built outside
 * dependency injection.
 */
export interface PlatformErrors {
  /** What an unexpected failure travels as; its details are logged where it happened, never sent. */
  readonly internal: RpcErrorPayload;
  /** What a store that does not answer, or a lock no longer surely held, throws. */
  unavailable(): Error;
  /** How the transport's calls fail (a call to a service away fails with `unavailable`). */
  readonly transport?: TransportErrors;
}

/**
 * Until the app registers its own: an unexpected failure travels as Nest's generic answer (no
 * code: the caller's transport reports it as an internal error), a store away throws a plain Error.
 */
let registered: Partial<PlatformErrors> = {};

export function registerPlatformErrors(errors: PlatformErrors): void {
  registered = errors;
}

/** The payload of an unexpected failure: the app's, or Nest's own answer for one. */
export function internalErrorPayload(): RpcErrorPayload | { status: 'error'; message: string } {
  return registered.internal ?? { status: 'error', message: 'Internal server error' };
}

export function unavailableError(): Error {
  return registered.unavailable?.() ?? new Error('unavailable');
}

/** The transport's failures as the app registered them, if it did (transport-errors.ts falls back on plain Errors). */
export function registeredTransportErrors(): TransportErrors | undefined {
  return registered.transport;
}
