import { Logger } from '@nestjs/common';
import { messageOf } from '../transport/transport-errors';

/** One change as a subscriber receives it. */
export interface Change<T = unknown> {
  topic: string;
  /**
   * Its place in the feed, increasing across every topic (JetStream's stream sequence), so a
   * subscriber that kept its state up to sequence N can ask for the changes from N + 1.
   */
  sequence: number;
  /** What the publisher sent, JSON round-tripped (each subscriber gets its own copy). */
  payload: T;
}

/** A subscriber's work for one change; a throw or rejection is retried, then logged (never lost silently, never fatal). */
export type ChangeHandler<T = unknown> = (change: Change<T>) => Promise<void> | void;

export interface SubscribeOptions {
  /**
   * Start with the change at this sequence instead of the next one published: a replica that loaded
   * state taken at sequence N passes N + 1. Changes older than the feed keeps are gone; delivery
   * then starts with the oldest one kept (the first sequence delivered tells the subscriber).
   */
  fromSequence?: number;
  /** Tries of the handler per change before it is logged and skipped (default 3). */
  attempts?: number;
  /** Delay before a retry, doubling each time (default 100 ms). */
  backoffMs?: number;
}

/** A subscription, closed on its own (a replica starting over from another sequence) or with its feed. */
export interface ChangeSubscription {
  /** Stops delivery; resolves once the change being handled is done. */
  close(): Promise<void>;
}

/** The topics of a payload map; any topic for a feed typed with none (`ChangeFeed`, `app.get(ChangeFeed)`). */
export type TopicOf<M> = [keyof M] extends [never] ? string : keyof M & string;

/** The payload a map gives a topic; anything JSON carries for a feed typed with none. */
export type TopicPayloadOf<M, T> = T extends keyof M ? M[T] : unknown;

const unpublished = new Logger('ChangeFeed');

/**
 * The change-feed port: owners of data publish what changed after their commits; every subscriber
 * (each replica of a read model, such as a search index) gets every change of its topic, in order,
 * with its sequence. Not a work queue: two subscribers both see each change.
 *
 * Embedded (`InProcessChangeFeed`): `publish` queues the change for every subscriber and resolves at
 * once (a write does not wait for the read models); a reader that must see every write made before it
 * awaits `caughtUp()` first. Distributed (`JetStreamChangeFeed`): `publish` resolves on JetStream's
 * acknowledgement (the change is stored); subscribers follow the stream.
 *
 * Topics are the app's: a service types the feed it injects with its map of topics to payloads
 * (`feed: ChangeFeed<ChangeTopics>`). A topic is one word (letters, digits, `_`, `-`).
 */
export abstract class ChangeFeed<M extends object = object> {
  /** Resolves with the change's sequence once the feed has accepted it (see the adapters for when). */
  async publish<T extends TopicOf<M>>(topic: T, payload: TopicPayloadOf<M, T>): Promise<number> {
    assertTopic(topic);
    return this.append(topic, payload);
  }

  /**
   * Delivers every change of `topic` published from now on (or from `options.fromSequence`) to
   * `handler`, one at a time, in sequence order. `consumer` names the subscriber in logs and in the
   * broker's monitoring (e.g. the service and its host).
   */
  async subscribe<T extends TopicOf<M>>(topic: T, consumer: string, handler: ChangeHandler<TopicPayloadOf<M, T>>, options: SubscribeOptions = {}): Promise<ChangeSubscription> {
    assertTopic(topic);
    // What arrives on a topic is what was published on it, typed by the same map.
    return this.addSubscriber(topic, consumer, handler as ChangeHandler, options);
  }

  /**
   * Publishes a change whose write is already committed: the write stands whatever happens here, so
   * a failure (NATS away, no acknowledgement in time) is logged, naming the change, instead of
   * failing the writer's request. A subscriber that can rebuild its state from the owner catches up.
   */
  async publishAfterCommit<T extends TopicOf<M>>(topic: T, payload: TopicPayloadOf<M, T>): Promise<void> {
    try {
      await this.publish(topic, payload);
    } catch (error) {
      unpublished.error(`A change of '${topic}' was committed but not published (its subscribers miss it until they rebuild): ${JSON.stringify(payload)}: ${messageOf(error)}`);
    }
  }

  /** The sequence of the latest change accepted on any topic (0 when none): state built now is current up to it. */
  abstract lastSequence(): Promise<number>;
  /**
   * Whether `subscribe(…, { fromSequence })` would deliver every change from `fromSequence` on: false
   * when the feed no longer holds some of them (older than its limits keep) or when `fromSequence` lies
   * beyond the next one (state taken from a feed that was since reset). A replica that loaded state
   * current up to N asks for N + 1 before it trusts that state; false: build it anew.
   */
  abstract canReplayFrom(fromSequence: number): Promise<boolean>;
  /**
   * Resolves once this process's subscribers have handled every change this process published before
   * the call (embedded: "a page saved is found by the very next request"). Distributed replicas
   * follow the stream on their own: there it resolves at once.
   */
  abstract caughtUp(): Promise<void>;
  /** Stops every subscription (waiting for the changes being handled) and refuses further publishes. */
  abstract close(): Promise<void>;

  /** One publish, once the topic is checked: what `publish` does in the adapter. */
  protected abstract append(topic: string, payload: unknown): Promise<number>;
  /** One subscription, once the topic is checked: what `subscribe` does in the adapter. */
  protected abstract addSubscriber(topic: string, consumer: string, handler: ChangeHandler, options: SubscribeOptions): Promise<ChangeSubscription>;
}

const TOPIC = /^[A-Za-z0-9_-]+$/;

/** Refuses a topic that is not one word: it becomes one token of a NATS subject (`changes.<topic>`). */
function assertTopic(topic: string): void {
  if (!TOPIC.test(topic)) throw new Error(`A change topic is one word of letters, digits, "_" or "-"; got "${topic}"`);
}
