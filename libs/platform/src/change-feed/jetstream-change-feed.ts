import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import {
  connect,
  DiscardPolicy,
  ErrorCode,
  nanos,
  NatsError,
  RetentionPolicy,
  StorageType,
  type Consumer,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type NatsConnection,
} from 'nats';
import { natsConnectionOptions } from '../transport/nats-options';
import { messageOf, withTimeout } from '../transport/transport-errors';
import { ChangeDelivery } from './change-delivery';
import { ChangeFeed, type ChangeHandler, type ChangeSubscription, type SubscribeOptions } from './change-feed';

/** The JetStream stream that holds every topic's changes, as `changes.<topic>`. */
export const CHANGE_STREAM = 'QUIRE_CHANGES';
const SUBJECT_PREFIX = 'changes';
const DAY_MS = 24 * 60 * 60 * 1000;
/** How long the stream keeps a change (when it creates the stream): a snapshot older than that cannot catch up and rebuilds. */
const CHANGES_KEPT_DAYS = 7;
/** How long a publish waits for NATS and JetStream's acknowledgement, tries included. */
const ACK_TIMEOUT_MS = 5_000;
/** Between two attempts at the first connection (later reconnects are nats.js's own). */
const CONNECT_RETRY_MS = 250;
/** JetStream's API error codes: no such stream; a stream of that name exists (another replica made it first). */
const STREAM_NOT_FOUND = 10059;
const STREAM_NAME_IN_USE = 10058;

export interface JetStreamChangeFeedOptions {
  url: string;
  /** How the broker's monitoring shows the connection (natsConnectionName). */
  name?: string;
}

interface Connected {
  connection: NatsConnection;
  stream: JetStreamClient;
  manager: JetStreamManager;
}

const subjectOf = (topic: string): string => `${SUBJECT_PREFIX}.${topic}`;

/** A consumer name's prefix, as JetStream accepts it (no `.`, `*`, `>`, slashes or spaces); nats.js appends a unique part. */
const consumerPrefix = (consumer: string): string => `${consumer.replace(/[^A-Za-z0-9_-]/g, '_')}_`;

/**
 * How long one try of a publish waits for its acknowledgement: the first publish after NATS came back
 * can go unanswered (sent while the client was still reconnecting), and the next try is answered.
 */
const PUBLISH_TRY_MS = 1_000;
const RETRY_PAUSE_MS = 50;

/** A publish that timed out, or that no JetStream answered yet (503 while it starts): worth another try. */
const TRANSIENT = new Set<string>([ErrorCode.Timeout, ErrorCode.NoResponders]);
const isTransient = (error: unknown): boolean => error instanceof NatsError && TRANSIENT.has(error.code);

const apiErrorCode = (error: unknown): number | undefined => (error instanceof NatsError ? error.api_error?.err_code : undefined);

/**
 * One replica's subscription: an ordered consumer of its own (ephemeral, no acks), so every replica
 * gets every change of the topic in stream order; nats.js recreates it where it left off after a
 * reconnect or a gap. Its loop hands each change to the handler and waits for it before the next.
 */
class JetStreamSubscription implements ChangeSubscription {
  private open = true;
  private readonly logger: Logger;
  private readonly delivery: ChangeDelivery;
  private readonly done: Promise<void>;

  constructor(
    private readonly consumer: Consumer,
    private readonly messages: ConsumerMessages,
    private readonly topic: string,
    name: string,
    handler: ChangeHandler,
    options: SubscribeOptions,
    private readonly onClose: (subscription: JetStreamSubscription) => void,
  ) {
    this.logger = new Logger(`${JetStreamChangeFeed.name} ${name}`);
    this.delivery = new ChangeDelivery(name, handler, options, this.logger, () => this.open);
    this.done = this.follow();
  }

  async close(): Promise<void> {
    this.open = false;
    this.onClose(this);
    this.messages.stop();
    await this.done;
    // Ephemeral: the server would drop it after a few idle minutes; a closed subscription drops it now.
    await this.consumer.delete().catch(() => undefined);
  }

  private async follow(): Promise<void> {
    try {
      for await (const message of this.messages) {
        if (!this.open) break;
        let payload: unknown;
        try {
          payload = message.json();
        } catch {
          this.logger.error(`change ${message.seq} of '${this.topic}' is not JSON and is skipped`);
          continue;
        }
        await this.delivery.deliver({ topic: this.topic, sequence: message.seq, payload });
      }
    } catch (error) {
      this.logger.error(`The subscription to '${this.topic}' stopped: ${messageOf(error)}`);
    }
  }
}

/**
 * The distributed change feed on NATS JetStream: every topic is a subject `changes.<topic>` of the
 * stream QUIRE_CHANGES (created if missing, on file, limited by age), so a change outlives a restart
 * of NATS or of its subscribers. `publish` resolves on JetStream's acknowledgement: the change is
 * stored. Each subscription is an ordered consumer of its own (not a queue group): every replica of a
 * read model gets every change, from the next one or from a given sequence (a replica that loaded a
 * snapshot taken at sequence N asks for N + 1).
 *
 * The connection is opened on first use (a process that never publishes or subscribes opens none)
 * and retried until NATS answers, so start order does not matter: a subscription waits for it. A
 * publish waits for the first attempt only, then is refused at once while NATS stays unreachable
 * (or runs without JetStream), so a writer's reply is not held up by a broker that is away.
 */
export class JetStreamChangeFeed extends ChangeFeed {
  private readonly logger = new Logger(JetStreamChangeFeed.name);
  private readonly subscriptions = new Set<JetStreamSubscription>();
  private opening: Promise<Connected> | undefined;
  private live: Connected | undefined;
  /** Why the latest attempt to connect failed, while none has succeeded yet. */
  private lastFailure: string | undefined;
  /** Settles once the first attempt to connect has succeeded or failed. */
  private readonly firstAttempt: Promise<void>;
  private settleFirstAttempt: () => void = () => undefined;
  private closed = false;

  constructor(private readonly options: JetStreamChangeFeedOptions) {
    super();
    this.firstAttempt = new Promise((resolve) => (this.settleFirstAttempt = resolve));
  }

  protected override async append(topic: string, payload: unknown): Promise<number> {
    if (this.closed) throw new Error('The change feed is closed');
    const deadline = Date.now() + ACK_TIMEOUT_MS;
    const { stream } = await this.connectedNow();
    const data = JSON.stringify(payload ?? null);
    // One id for every try: JetStream stores a change whose acknowledgement was lost only once.
    const msgID = randomUUID();
    for (;;) {
      const left = deadline - Date.now();
      try {
        return (await stream.publish(subjectOf(topic), data, { msgID, timeout: Math.max(1, Math.min(PUBLISH_TRY_MS, left)) })).seq;
      } catch (error) {
        if (!isTransient(error) || deadline - Date.now() < RETRY_PAUSE_MS) throw error;
        await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
      }
    }
  }

  protected override async addSubscriber(topic: string, consumer: string, handler: ChangeHandler, options: SubscribeOptions): Promise<ChangeSubscription> {
    if (this.closed) throw new Error('The change feed is closed');
    const { stream, manager } = await this.connected();
    // "From now on" is a sequence too, so a consumer recreated before its first change starts there, not at its re-creation.
    const from = options.fromSequence ?? (await this.lastSequenceOf(manager)) + 1;
    const ordered = await stream.consumers.get(CHANGE_STREAM, { name_prefix: consumerPrefix(consumer), filterSubjects: subjectOf(topic), opt_start_seq: Math.max(1, from) });
    const messages = await ordered.consume({ max_messages: 100 });
    const subscription = new JetStreamSubscription(ordered, messages, topic, consumer, handler, options, (closing) => this.subscriptions.delete(closing));
    this.subscriptions.add(subscription);
    return subscription;
  }

  override async lastSequence(): Promise<number> {
    const { manager } = await this.connectedNow();
    return this.lastSequenceOf(manager);
  }

  /** Waits for NATS like a subscription does: the answer decides how a replica starts. */
  override async canReplayFrom(fromSequence: number): Promise<boolean> {
    const { manager } = await this.connected();
    const { first_seq: first, last_seq: last } = (await manager.streams.info(CHANGE_STREAM)).state;
    // An empty stream reports first_seq = last_seq + 1: only the next change is held.
    return fromSequence >= Math.max(1, first) && fromSequence <= last + 1;
  }

  /** Each replica follows the stream on its own (within about a second of a publish): nothing to wait for here. */
  override async caughtUp(): Promise<void> {
    return undefined;
  }

  override async close(): Promise<void> {
    this.closed = true;
    this.settleFirstAttempt();
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    const connection = this.live?.connection;
    this.live = undefined;
    if (connection && !connection.isClosed()) await connection.close();
  }

  private async lastSequenceOf(manager: JetStreamManager): Promise<number> {
    return (await manager.streams.info(CHANGE_STREAM)).state.last_seq;
  }

  /** The connection, once there is one (opening it on first use). */
  private connected(): Promise<Connected> {
    this.opening ??= this.open();
    return this.opening;
  }

  /** The connection if the first attempt made one (waiting for that attempt, at most ACK_TIMEOUT_MS), else a refusal naming why. */
  private async connectedNow(): Promise<Connected> {
    const unreachable = `NATS JetStream is not reachable at ${this.options.url}`;
    await withTimeout(Promise.race([this.connected(), this.firstAttempt]), ACK_TIMEOUT_MS, unreachable);
    if (!this.live) throw new Error(this.lastFailure ? `${unreachable}: ${this.lastFailure}` : unreachable);
    return this.live;
  }

  /** Connects, retrying until NATS with JetStream answers or the feed is closed, and makes sure the stream exists. */
  private async open(): Promise<Connected> {
    for (let attempt = 1; ; attempt += 1) {
      if (this.closed) throw new Error('The change feed is closed');
      let connection: NatsConnection | undefined;
      try {
        connection = await connect(natsConnectionOptions(this.options.url, this.options.name));
        const manager = await connection.jetstreamManager();
        await this.ensureStream(manager);
        if (this.closed) throw new Error('The change feed is closed');
        this.live = { connection, stream: connection.jetstream({ timeout: ACK_TIMEOUT_MS }), manager };
        this.lastFailure = undefined;
        this.settleFirstAttempt();
        if (attempt > 1) this.logger.log(`NATS JetStream reachable at ${this.options.url}`);
        return this.live;
      } catch (error) {
        if (connection && !connection.isClosed()) await connection.close().catch(() => undefined);
        if (this.closed) throw new Error('The change feed is closed', { cause: error });
        this.lastFailure = messageOf(error);
        this.settleFirstAttempt();
        if (attempt === 1) this.logger.warn(`NATS JetStream is not reachable yet at ${this.options.url} (is the server started with -js?): ${messageOf(error)}`);
        await new Promise((resolve) => setTimeout(resolve, CONNECT_RETRY_MS));
      }
    }
  }

  /** Creates the stream when missing; one that exists keeps its configuration (an operator may have changed its limits). */
  private async ensureStream(manager: JetStreamManager): Promise<void> {
    try {
      await manager.streams.info(CHANGE_STREAM);
      return;
    } catch (error) {
      if (apiErrorCode(error) !== STREAM_NOT_FOUND) throw error;
    }
    try {
      await manager.streams.add({
        name: CHANGE_STREAM,
        subjects: [`${SUBJECT_PREFIX}.>`],
        retention: RetentionPolicy.Limits,
        storage: StorageType.File,
        discard: DiscardPolicy.Old,
        max_age: nanos(CHANGES_KEPT_DAYS * DAY_MS),
        num_replicas: 1,
      });
      this.logger.log(`Created the JetStream stream ${CHANGE_STREAM} (subjects ${SUBJECT_PREFIX}.>, changes kept ${CHANGES_KEPT_DAYS} days)`);
    } catch (error) {
      if (apiErrorCode(error) !== STREAM_NAME_IN_USE) throw error;
    }
  }
}
