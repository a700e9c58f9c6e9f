import { AsyncLocalStorage } from 'node:async_hooks';
import { Logger } from '@nestjs/common';
import { ChangeDelivery } from './change-delivery';
import { ChangeFeed, type Change, type ChangeHandler, type ChangeSubscription, type SubscribeOptions } from './change-feed';

export interface InProcessChangeFeedOptions {
  /** How many of the latest changes are kept for `fromSequence` (default 10,000). */
  retain?: number;
}

/** A change as kept: its payload as JSON, parsed anew for each subscriber (as it would arrive over NATS). */
interface Kept {
  topic: string;
  sequence: number;
  json: string;
}

/**
 * One subscription: its changes run one after another, in the async context of whoever subscribed
 * (AsyncLocalStorage.snapshot), never in the publisher's, so a handler joins no unit of work or
 * request scope of the write that published.
 */
class InProcessSubscription implements ChangeSubscription {
  private tail: Promise<void> = Promise.resolve();
  private open = true;
  private readonly runInSubscriberContext = AsyncLocalStorage.snapshot();
  private readonly delivery: ChangeDelivery;

  constructor(
    readonly topic: string,
    consumer: string,
    handler: ChangeHandler,
    options: SubscribeOptions,
    logger: Logger,
    private readonly onClose: (subscription: InProcessSubscription) => void,
  ) {
    this.delivery = new ChangeDelivery(consumer, handler, options, logger, () => this.open);
  }

  /**
   * Queues the change after the ones before it; resolves once this subscriber has handled it. A change
   * published before close() is still handled (nothing replays it here); close() waits for it.
   */
  push(kept: Kept): Promise<void> {
    this.tail = this.tail.then(() => {
      const change: Change = { topic: kept.topic, sequence: kept.sequence, payload: JSON.parse(kept.json) as unknown };
      return this.runInSubscriberContext(() => this.delivery.deliver(change));
    });
    return this.tail;
  }

  /** Resolves once every change queued so far was handled. */
  drained(): Promise<void> {
    return this.tail;
  }

  async close(): Promise<void> {
    this.open = false;
    this.onClose(this);
    await this.tail;
  }
}

/**
 * The embedded change feed: `publish` queues the change for every subscriber of its topic and resolves
 * at once, so a save does not wait for the read models (the search index) to follow; a reader that
 * must see every earlier write awaits `caughtUp()`, which resolves once the queues are drained ("a page
 * saved is found by the very next request"). Sequences and the changes kept for `fromSequence` live as long as the process
 * (they start at 1 again after a restart): `fromSequence` only chooses which kept changes are replayed,
 * and every change published after `subscribe` is delivered, so a sequence a subscriber kept from an
 * earlier run never hides new changes. Nothing needs replaying across a restart here: a change is
 * handled before its publish resolves.
 */
export class InProcessChangeFeed extends ChangeFeed {
  private readonly logger = new Logger(InProcessChangeFeed.name);
  private readonly kept: Kept[] = [];
  private readonly subscriptions = new Set<InProcessSubscription>();
  private readonly retain: number;
  private sequence = 0;
  private closed = false;

  constructor(options: InProcessChangeFeedOptions = {}) {
    super();
    this.retain = Math.max(0, options.retain ?? 10_000);
  }

  protected override async append(topic: string, payload: unknown): Promise<number> {
    if (this.closed) throw new Error('The change feed is closed');
    const kept: Kept = { topic, sequence: this.sequence + 1, json: JSON.stringify(payload ?? null) };
    this.sequence = kept.sequence;
    this.kept.push(kept);
    if (this.kept.length > this.retain) this.kept.splice(0, this.kept.length - this.retain);
    // Handled in the background, in order; a handler's failure is the delivery's to log (see ChangeDelivery).
    for (const subscription of this.subscriptions) if (subscription.topic === topic) void subscription.push(kept);
    return kept.sequence;
  }

  protected override async addSubscriber(topic: string, consumer: string, handler: ChangeHandler, options: SubscribeOptions): Promise<ChangeSubscription> {
    if (this.closed) throw new Error('The change feed is closed');
    const subscription = new InProcessSubscription(topic, consumer, handler, options, this.logger, (closing) => this.subscriptions.delete(closing));
    // Replayed and live changes join one queue in the same tick: none is missed or seen twice.
    const from = options.fromSequence;
    if (from !== undefined) for (const kept of this.kept) if (kept.topic === topic && kept.sequence >= from) void subscription.push(kept);
    this.subscriptions.add(subscription);
    return subscription;
  }

  override async lastSequence(): Promise<number> {
    return this.sequence;
  }

  /**
   * True from the oldest change kept on, and beyond the last one: a sequence from an earlier run of the
   * process (they start at 1 again) hides no change, since every change published after `subscribe`
   * is delivered.
   */
  override async canReplayFrom(fromSequence: number): Promise<boolean> {
    return fromSequence > this.sequence || fromSequence >= (this.kept[0]?.sequence ?? this.sequence + 1);
  }

  override async caughtUp(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.drained()));
  }

  override async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
  }
}
