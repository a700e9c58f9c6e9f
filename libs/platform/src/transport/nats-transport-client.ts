import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { connect, Events, type NatsConnection } from 'nats';
import type { MessageContracts, NoMessages } from './message-map';
import { natsConnectionOptions } from './nats-options';
import { ReplyInbox, ReplyTimeout } from './reply-inbox';
import { messageOf, payloadTooLarge, timedOut, toCallError, unavailable, withTimeout } from './transport-errors';
import { MAX_MESSAGE_BYTES, TransportClient } from './transport-client';

const PING_TIMEOUT_CAP_MS = 2_000;
/** Between two attempts at the first connection (later reconnects are nats.js's own). */
const FIRST_CONNECT_RETRY_MS = 250;

/** The reply a NestJS NATS server sends: `response` on success, `err` on failure. */
interface NestReply {
  id?: string;
  response?: unknown;
  err?: unknown;
}

/**
 * The transport port over NATS, speaking NestJS's wire format (`{pattern, data, id}` in, `{id, response | err}`
 * out) to the services' Nest microservices. Every reply arrives on one shared inbox subscription
 * (ReplyInbox): no SUBSCRIBE/UNSUBSCRIBE per call as Nest's ClientNats does.
 * While the broker is away, calls fail at once with 10503 instead of waiting out the timeout, and so
 * do the calls in flight when the connection drops (their replies could no longer arrive); the
 * connection heals by itself.
 */
export class NatsTransportClient<M extends MessageContracts<M> = NoMessages> extends TransportClient<M> {
  private readonly logger = new Logger(NatsTransportClient.name);
  private connection: NatsConnection | undefined;
  private inbox: ReplyInbox | undefined;
  private up = false;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;
  /** Settles when the first connection attempt does (connected or refused): calls made at boot wait for it. */
  private readonly firstAttempt: Promise<void>;
  private settleFirstAttempt: () => void = () => undefined;

  /** `name`: how the broker's monitoring shows this connection (natsConnectionName). */
  constructor(
    private readonly url: string,
    private readonly timeoutMs: number,
    private readonly name?: string,
  ) {
    super();
    this.firstAttempt = new Promise((resolve) => (this.settleFirstAttempt = resolve));
    this.connectSoon(0);
  }

  protected async request(subject: string, message: unknown): Promise<unknown> {
    // A call made while the app boots waits for the first attempt (milliseconds), not for a retry.
    if (!this.connection) await withTimeout(this.firstAttempt, this.timeoutMs, 'first connection').catch(() => undefined);
    const connection = this.connection;
    const inbox = this.inbox;
    if (!connection || !inbox || !this.up || connection.isClosed()) {
      this.logger.warn(`${subject}: refused at once, the transport is ${this.connection ? 'reconnecting' : 'not connected yet'}`);
      throw unavailable();
    }
    const data = Buffer.from(JSON.stringify({ pattern: subject, data: message, id: randomUUID() }));
    const limit = Math.min(MAX_MESSAGE_BYTES, connection.info?.max_payload ?? MAX_MESSAGE_BYTES);
    if (data.length > limit) throw payloadTooLarge(limit);
    let reply: NestReply;
    try {
      const answer = await inbox.request(subject, data, this.timeoutMs);
      reply = JSON.parse(Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength).toString('utf8')) as NestReply;
    } catch (error) {
      if (error instanceof ReplyTimeout) {
        this.logger.warn(`${subject}: no answer within ${this.timeoutMs} ms`);
        throw timedOut();
      }
      throw toCallError(this.logger, subject, error);
    }
    if (reply.err !== undefined && reply.err !== null) throw toCallError(this.logger, subject, reply.err);
    return reply.response;
  }

  /** Resolves when a PING/PONG round trip with the broker succeeds. */
  async ping(): Promise<void> {
    const limit = Math.min(this.timeoutMs, PING_TIMEOUT_CAP_MS);
    if (!this.connection) await withTimeout(this.firstAttempt, limit, `no answer within ${limit} ms`).catch(() => undefined);
    const connection = this.connection;
    if (!connection || connection.isClosed()) throw new Error(`NATS is not connected at ${this.url}`);
    try {
      await withTimeout(connection.flush(), limit, `no answer within ${limit} ms`);
    } catch (error) {
      throw error instanceof Error ? error : new Error(messageOf(error));
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    this.settleFirstAttempt();
    const connection = this.connection;
    this.connection = undefined;
    this.inbox?.rejectAll();
    if (connection && !connection.isClosed()) await connection.close();
  }

  /** The first connection is retried here, so `close()` can stop it; compose/k8s start order does not matter. */
  private connectSoon(delayMs: number): void {
    this.retry = setTimeout(() => {
      connect(natsConnectionOptions(this.url, this.name)).then(
        (connection) => {
          this.settleFirstAttempt();
          if (this.closed) return void connection.close();
          this.connection = connection;
          this.inbox = new ReplyInbox(connection);
          this.up = true;
          void this.watch(connection);
        },
        (error: unknown) => {
          this.settleFirstAttempt();
          if (this.closed) return;
          if (delayMs === 0) this.logger.warn(`NATS is not reachable yet at ${this.url}: ${messageOf(error)}`);
          this.connectSoon(FIRST_CONNECT_RETRY_MS);
        },
      );
    }, delayMs);
  }

  private async watch(connection: NatsConnection): Promise<void> {
    for await (const status of connection.status()) {
      if (status.type === Events.Disconnect) {
        this.up = false;
        // A reply to a request sent before the drop is lost with the connection: fail those now, not after the timeout.
        const dropped = this.inbox?.rejectAll() ?? 0;
        this.logger.warn(`NATS connection lost at ${this.url}${dropped > 0 ? `: ${dropped} calls in flight answered 10503` : ''}`);
      } else if (status.type === Events.Reconnect) {
        this.up = true;
        this.logger.log(`NATS connection back at ${this.url}`);
      }
    }
  }
}
