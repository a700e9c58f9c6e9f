import { createHash } from 'node:crypto';
import * as os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { type Change, ChangeFeed, type ChangeSubscription } from '@quire/platform';
import { ACTIVITY_TOPIC, type ActivityRecord, ActivitySchema, type ChangeTopics } from '@quire/proto';
import type { AuditEntryEntity } from './audit-entry.entity';
import { AuditEntryRepository } from './audit-entry.repository';

/** Entries written in one batch at the most. */
const BATCH = 500;
/** Entries waiting for their write beyond which the feed waits for the writer (the store is slow or away). */
const MAX_PENDING = 10_000;
/** Waits between tries of a batch the store refused, doubling up to the last. */
const RETRY_MS = { first: 100, max: 5_000 };

/** The entry an activity becomes; its key names the change (sequence and payload), so it is recorded once. */
export function auditEntryOf(change: Change<unknown>, activity: ActivityRecord): AuditEntryEntity {
  return {
    entry_key: createHash('sha256')
      .update(`${change.sequence}\n${JSON.stringify(change.payload)}`)
      .digest('hex')
      .slice(0, 32),
    seq: change.sequence,
    action: activity.action,
    actor_uid: activity.actor.uid,
    actor_username: activity.actor.username,
    actor_key: activity.actor.username.toLowerCase(),
    ip: activity.actor.ip,
    item_id: activity.item_id,
    target_type: activity.target.type,
    target_id: activity.target.id,
    target_name: activity.target.name,
    detail: activity.detail,
    time: activity.time,
  };
}

/**
 * Follows the ChangeFeed's `activity` topic and records each activity. Every replica follows the whole topic
 * (the feed is not a work queue): the unique `entry_key` lets one insert win and the others find it recorded.
 * A replica starts after the last sequence recorded, so activities published while no audit replica ran are
 * recorded when one starts (as far as the feed still holds them: JetStream keeps 7 days).
 *
 * The entries of a burst are written together (one write, one commit of the embedded database, instead of one
 * each): the feed hands a change over and goes on at once, and one writer at a time empties what has come. So the
 * log keeps up with many writers, and a reader waiting for the feed (the embedded search) never waits for it.
 * What has not been written when the process dies is after the last recorded sequence: replayed on the next start.
 */
@Injectable()
export class AuditRecorder implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(AuditRecorder.name);
  private subscription: ChangeSubscription | undefined;
  private pending: AuditEntryEntity[] = [];
  private writing: Promise<void> | undefined;
  private open = true;

  constructor(
    private readonly feed: ChangeFeed<ChangeTopics>,
    private readonly entries: AuditEntryRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const recorded = await this.entries.lastSequence();
    // A sequence beyond the feed's next one was recorded from an earlier feed (embedded: sequences restart with the process): follow from now.
    const from = recorded > 0 && recorded + 1 <= (await this.feed.lastSequence()) + 1 ? recorded + 1 : undefined;
    this.subscription = await this.feed.subscribe(ACTIVITY_TOPIC, `audit@${os.hostname()}-${process.pid}`, (change) => this.record(change), { fromSequence: from });
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.close();
    this.open = false;
    await this.flush();
  }

  /** Takes one change for the log; a payload that is not an activity is logged and skipped. */
  async record(change: Change<unknown>): Promise<void> {
    const parsed = ActivitySchema.safeParse(change.payload);
    if (!parsed.success) {
      this.logger.warn(`Change ${change.sequence} of '${change.topic}' is not an activity; skipped`);
      return;
    }
    this.pending.push(auditEntryOf(change, parsed.data));
    const written = this.write();
    if (this.pending.length >= MAX_PENDING) await written;
  }

  /** Resolves once every change taken so far is written (after the stop: once the store was tried). */
  async flush(): Promise<void> {
    while (this.writing || this.pending.length > 0) {
      await this.write();
      if (!this.open && this.pending.length > 0) return;
    }
  }

  /** The one writer: starts it when none runs; resolves when it has emptied the queue (or stopped trying). */
  private write(): Promise<void> {
    this.writing ??= this.drain().finally(() => {
      this.writing = undefined;
      // Taken while the writer was finishing: a writer of their own.
      if (this.open && this.pending.length > 0) void this.write();
    });
    return this.writing;
  }

  private async drain(): Promise<void> {
    // The changes handed over in this turn of the event loop join the first batch.
    await new Promise((resolve) => setImmediate(resolve));
    let wait = RETRY_MS.first;
    while (this.pending.length > 0) {
      const batch = this.pending.slice(0, BATCH);
      try {
        await this.entries.recordMany(batch);
        this.pending = this.pending.slice(batch.length);
        wait = RETRY_MS.first;
      } catch (error) {
        if (!this.open) {
          this.logger.error(`${this.pending.length} audit entries were not written before the stop (they are replayed on the next start): ${(error as Error).message}`);
          return;
        }
        this.logger.warn(`Writing ${batch.length} audit entries failed (${(error as Error).message}); trying again in ${wait} ms`);
        await sleep(wait);
        wait = Math.min(wait * 2, RETRY_MS.max);
      }
    }
  }
}
