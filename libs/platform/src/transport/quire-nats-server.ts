import { Logger } from '@nestjs/common';
import { ServerNats, type NatsOptions } from '@nestjs/microservices';
import type { Msg, NatsConnection, NatsError, Subscription } from 'nats';
import { internalErrorPayload } from '../rpc/rpc-error';
import { badRequestPayload } from './transport-errors';

type NatsServerOptions = NonNullable<NatsOptions['options']>;

/** How long leaving waits for the broker's acknowledgement (none comes while NATS is away: it is left all the same). */
const LEAVE_WAIT_MS = 2_000;

/** A service's membership of its NATS queue group, which QueueMembership turns on and off. */
export interface QueueGroup {
  readonly joined: boolean;
  join(): void;
  /** Resolves once the broker has the unsubscriptions (requests it routed here before are still answered). */
  leave(): Promise<void>;
}

/**
 * NestJS's NATS server, hardened at the bus: anyone on NATS can publish to a service's subject,
 * and a body that is not JSON made NestJS reject a promise nobody awaits, which ends the process.
 * Here it is refused with the app's bad request answer to whoever asked, and the service keeps serving.
 * Well-formed messages with wrong params are the controllers' business (parseParams).
 *
 * It also leaves and joins its queue group on demand (QueueGroup): a replica whose stores do not
 * answer unsubscribes, so the broker gives its requests to the other replicas.
 */
export class QuireNatsServer extends ServerNats implements QueueGroup {
  private readonly guardLogger = new Logger('NatsServer');
  private readonly queue: string | undefined;
  private members: Subscription[] = [];
  private isMember = false;
  private closing = false;

  constructor(options: NatsServerOptions) {
    super(options);
    this.queue = options.queue;
  }

  get joined(): boolean {
    return this.isMember;
  }

  /** Subscribes every handler's subject in the queue group, unless it is subscribed already or closing. */
  join(): void {
    if (!this.closing) this.bindEvents(this.unwrap<NatsConnection>());
  }

  /**
   * Unsubscribes them all: new requests go to the other replicas. Drained, not cut: a request the
   * broker routed here before it saw the unsubscription is still handled and answered, none is lost.
   */
  async leave(): Promise<void> {
    const leaving = this.members;
    this.members = [];
    this.isMember = false;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(leaving.map((subscription) => subscription.drain().catch(() => undefined))), new Promise((resolve) => (timer = setTimeout(resolve, LEAVE_WAIT_MS)))]);
    clearTimeout(timer);
  }

  /** NestJS's own binding, with the subscriptions kept here so that `leave` and `join` can undo and redo it. */
  override bindEvents(client: NatsConnection): void {
    if (this.isMember) return;
    this.isMember = true;
    this.members = [...this.messageHandlers.keys()].map((subject) =>
      client.subscribe(subject, {
        queue: this.queue,
        callback: this.getMessageHandler(subject).bind(this) as (error: NatsError | null, msg: Msg) => void,
      }),
    );
  }

  /** Leaves the group first, so the grace period that follows lets in-flight handlers finish while nothing new arrives. */
  override async close(): Promise<void> {
    this.closing = true;
    await this.leave();
    await super.close();
  }

  /**
   * A subject names its handler as it is. NestJS first tries `JSON.parse` on every subject (for
   * object patterns, which Quire does not use), so each message threw and caught a SyntaxError.
   */
  protected override getRouteFromPattern(pattern: string): string {
    return pattern.startsWith('{') ? super.getRouteFromPattern(pattern) : this.normalizePattern(pattern);
  }

  override async handleMessage(channel: string, natsMsg: Msg): Promise<unknown> {
    try {
      return await super.handleMessage(channel, natsMsg);
    } catch (error) {
      const unreadable = (error as { code?: unknown }).code === 'BAD_JSON' || error instanceof SyntaxError;
      this.guardLogger.warn(`${channel}: refused a message (${unreadable ? 'not JSON' : (error as Error).message})`);
      const err = unreadable ? badRequestPayload('not JSON') : internalErrorPayload();
      if (natsMsg.reply) natsMsg.respond(Buffer.from(JSON.stringify({ id: '', err, isDisposed: true })));
      return undefined;
    }
  }
}
