import { Logger } from '@nestjs/common';
import { ClientProxy, type MsPattern, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import { NO_MESSAGE_HANDLER } from '@nestjs/microservices/constants';
import type { Subscription } from 'rxjs';
import { internalErrorPayload } from '../../rpc/rpc-error';
import { InProcessBus } from './in-process-bus';

/**
 * What NATS's JSON codec does to a value: no functions, Buffers, Dates or class instances survive.
 * A string survives JSON unchanged, so a text field of a plain object (JSON text of 50 KB a handler
 * kept cached, a long text) is passed along as it is rather than escaped and parsed back.
 */
export function jsonRoundTrip<T>(value: T): T {
  if (value === undefined || typeof value === 'string') return value;
  if (!isPlainObject(value)) return viaJson(value) as T;
  const fields = Object.entries(value).map(([key, field]) => [key, typeof field === 'string' ? field : viaJson(field)] as const);
  // JSON leaves out what it cannot carry (undefined, functions); fromEntries keeps a `__proto__` key a plain field, as JSON.parse does.
  return Object.fromEntries(fields.filter(([, carried]) => carried !== undefined)) as T;
}

function viaJson(value: unknown): unknown {
  const text = JSON.stringify(value);
  return text === undefined ? undefined : JSON.parse(text);
}

/** An object literal (not an instance, no `toJSON` of its own), which JSON carries field by field. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return (prototype === Object.prototype || prototype === null) && typeof (value as { toJSON?: unknown }).toJSON !== 'function';
}

/**
 * The in-process transport's client side. Every payload, reply and error is JSON
 * round-tripped and every call is dispatched on a later tick, so code that works here
 * works over NATS and code that would break on NATS breaks here too.
 */
export class InProcessClient extends ClientProxy {
  private readonly logger = new Logger(InProcessClient.name);

  constructor(private readonly bus: InProcessBus) {
    super();
  }

  async connect(): Promise<InProcessBus> {
    return this.bus;
  }

  async close(): Promise<void> {
    return undefined;
  }

  unwrap<T>(): T {
    return this.bus as T;
  }

  protected publish(packet: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    const pattern = this.normalizePattern(packet.pattern as MsPattern);
    let subscription: Subscription | undefined;
    const tick = setImmediate(() => {
      let data: unknown;
      try {
        data = jsonRoundTrip(packet.data);
      } catch (err) {
        callback({ err, isDisposed: true });
        return;
      }
      const route = this.bus.find(pattern);
      if (!route) {
        callback({ err: NO_MESSAGE_HANDLER, isDisposed: true });
        return;
      }
      let failed = false;
      subscription = route.handler(data).subscribe({
        next: (response) => {
          if (failed) return;
          const encoded = this.encode(pattern, response);
          if (encoded.ok) return callback({ response: encoded.value });
          failed = true;
          callback({ err: internalErrorPayload(), isDisposed: true });
        },
        error: (err: unknown) => {
          if (failed) return;
          const encoded = this.encode(pattern, err);
          callback({ err: encoded.ok ? encoded.value : internalErrorPayload(), isDisposed: true });
        },
        complete: () => {
          if (!failed) callback({ isDisposed: true });
        },
      });
    });
    return () => {
      clearImmediate(tick);
      subscription?.unsubscribe();
    };
  }

  protected async dispatchEvent<T = unknown>(packet: ReadPacket): Promise<T> {
    const pattern = this.normalizePattern(packet.pattern as MsPattern);
    const data: unknown = jsonRoundTrip(packet.data);
    const route = this.bus.find(pattern);
    if (!route) {
      this.logger.error(`There is no matching event handler for "${pattern}"`);
      return undefined as T;
    }
    setImmediate(() => route.handler(data).subscribe({ error: (err: unknown) => this.logger.error(err) }));
    return undefined as T;
  }

  /** A reply that JSON cannot carry (a cycle, a BigInt) becomes an internal error, logged. */
  private encode(pattern: string, value: unknown): { ok: true; value: unknown } | { ok: false } {
    try {
      return { ok: true, value: jsonRoundTrip(value) };
    } catch (err) {
      this.logger.error(`The reply of "${pattern}" cannot be serialized`, err instanceof Error ? err.stack : String(err));
      return { ok: false };
    }
  }
}
