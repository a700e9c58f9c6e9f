import { randomUUID } from 'node:crypto';
import * as os from 'node:os';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { QuireConfig } from '@quire/config';
import { ChangeFeed, type ChangeSubscription, JobQueue, KeyValueStore, QUIRE_CONFIG } from '@quire/platform';
import {
  ACTIVITY_TOPIC,
  type ActivityRecord,
  ActivitySchema,
  type ChangeTopics,
  JobName,
  type JobPayloads,
  WEBHOOK_ACTIONS,
  WEBHOOK_ATTEMPTS,
  type WebhookAction,
  type WebhookBody,
} from '@quire/proto';
import { WebhookRepository } from '../hook/webhook.repository';

const isWebhookAction = (action: string): action is WebhookAction => (WEBHOOK_ACTIONS as readonly string[]).includes(action);

/** Where the replicas keep the last change they handled, for a day: as long as the queue keeps a job's key (BullMQ's finished jobs). */
const POSITION_KEY = 'webhook:activity-position';
const POSITION_TTL_S = 24 * 60 * 60;

/**
 * Follows the ChangeFeed's `activity` topic: each event of WEBHOOK_ACTIONS becomes one delivery job per enabled hook
 * that wants it (the item's and the site's). Every replica sees every change, so a job's key is the change's
 * sequence and the hook: the replicas add it once between them, and one worker delivers it. An activity older than a
 * day (replayed after a long stop) is not delivered: its job's key may be forgotten, and the news is stale.
 */
@Injectable()
export class ActivityFollower implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ActivityFollower.name);
  private subscription: ChangeSubscription | undefined;

  constructor(
    private readonly feed: ChangeFeed<ChangeTopics>,
    private readonly queue: JobQueue<JobPayloads>,
    private readonly hooks: WebhookRepository,
    private readonly kv: KeyValueStore,
    @Inject(QUIRE_CONFIG) private readonly config: QuireConfig,
  ) {}

  /**
   * Follows from the change after the last one handled (by any replica, within the day), so events published while
   * no webhook replica ran are still delivered; from now when there is none, or the feed no longer holds it (or is a
   * newer feed: embedded sequences restart with the process).
   */
  async onApplicationBootstrap(): Promise<void> {
    const handled = Number((await this.kv.get(POSITION_KEY)) ?? 0);
    const from = handled > 0 && (await this.feed.canReplayFrom(handled + 1)) ? handled + 1 : undefined;
    this.subscription = await this.feed.subscribe(
      ACTIVITY_TOPIC,
      `webhook@${os.hostname()}-${process.pid}`,
      async (change) => {
        const parsed = ActivitySchema.safeParse(change.payload);
        if (!parsed.success) this.logger.warn(`Change ${change.sequence} of '${change.topic}' is not an activity; skipped`);
        else await this.enqueue(change.sequence, parsed.data);
        await this.kv.set(POSITION_KEY, String(change.sequence), POSITION_TTL_S);
      },
      { fromSequence: from },
    );
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.close();
  }

  /** One job per hook the activity reaches (none for actions webhooks do not carry). */
  async enqueue(sequence: number, activity: ActivityRecord): Promise<void> {
    const { action } = activity;
    if (!isWebhookAction(action) || activity.time < Date.now() - POSITION_TTL_S * 1000) return;
    const hooks = (await this.hooks.enabledFor(activity.item_id)).filter((hook) => hook.events.length === 0 || hook.events.includes(action));
    for (const hook of hooks) {
      const body: WebhookBody = {
        event: action,
        delivery_id: randomUUID(),
        time: new Date(activity.time).toISOString(),
        actor: { uid: activity.actor.uid, username: activity.actor.username },
        item_id: activity.item_id,
        target: activity.target,
        detail: activity.detail,
      };
      await this.queue.add(
        JobName.DeliverWebhook,
        { webhook_id: hook.webhook_id, body },
        { attempts: WEBHOOK_ATTEMPTS, backoffMs: this.config.webhooks.retryMs, key: `change-${sequence}-hook-${hook.webhook_id}` },
      );
    }
  }
}
