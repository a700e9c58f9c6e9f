import { createInbox, type Msg, type NatsConnection } from 'nats';
import { unavailable } from './transport-errors';

/** No reply came within the request's time (NatsTransportClient turns it into the app's timeout). */
export class ReplyTimeout extends Error {}

interface Waiting {
  resolve: (data: Uint8Array) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * Request/reply over one subscription: every request names `<inbox>.<n>` as its reply subject
 * and waits for that one message. nats.js's own request API does the same but builds two Error
 * objects (with stack traces) per call even when the answer arrives; this keeps a map and a timer.
 * nats.js subscribes the inbox again after a reconnect; a request it cannot publish fails at once, and
 * the owner fails those in flight when the connection drops (rejectAll).
 */
export class ReplyInbox {
  private readonly prefix = createInbox();
  private readonly waiting = new Map<string, Waiting>();
  private next = 0;

  constructor(private readonly connection: NatsConnection) {
    connection.subscribe(`${this.prefix}.*`, { callback: (_error, msg) => this.deliver(msg) });
  }

  /** The reply's bytes; rejects with ReplyTimeout after `timeoutMs`, the app's unavailable error when nobody listens on the subject. */
  request(subject: string, data: Uint8Array, timeoutMs: number): Promise<Uint8Array> {
    return new Promise<Uint8Array>((resolve, reject) => {
      const token = String(++this.next);
      const timer = setTimeout(() => {
        this.waiting.delete(token);
        reject(new ReplyTimeout(`no reply within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiting.set(token, { resolve, reject, timer });
      try {
        this.connection.publish(subject, data, { reply: `${this.prefix}.${token}` });
      } catch (error) {
        this.settle(token)?.reject(error as Error);
      }
    });
  }

  /** Fails every request still waiting as unavailable (the connection dropped or is closing); how many there were. */
  rejectAll(): number {
    const tokens = [...this.waiting.keys()];
    for (const token of tokens) this.settle(token)?.reject(unavailable());
    return tokens.length;
  }

  private deliver(msg: Msg): void {
    const waiting = this.settle(msg.subject.slice(this.prefix.length + 1));
    if (!waiting) return;
    // The broker's "no responders" status (503) arrives as an empty message with headers.
    if (msg.data.length === 0) waiting.reject(unavailable());
    else waiting.resolve(msg.data);
  }

  private settle(token: string): Waiting | undefined {
    const waiting = this.waiting.get(token);
    if (!waiting) return undefined;
    this.waiting.delete(token);
    clearTimeout(waiting.timer);
    return waiting;
  }
}
