import * as os from 'node:os';
import { setTimeout } from 'node:timers/promises';
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ChangeFeed, type ChangeSubscription } from '@quire/platform';
import { type ChangeTopics, SEARCH_CHANGE_TOPIC, SearchChangeSchema } from '@quire/proto';
import { SearchIndex } from '../index/search-index';
import { SearchSnapshotService } from '../snapshot/search-snapshot.service';
import { SearchFeeder } from './search-feeder';

/** Waits between tries of a rebuild whose pages did not answer (the page service starting too, or away). */
const RETRY_MS = { first: 500, max: 30_000 };

/**
 * How the index starts: current up to `from` in the feed (follow from the next change), and whether it
 * must first be built from the pages (`rebuild`) or checked against them (`reconcile`, a kept index
 * whose feed cannot replay what it missed).
 */
interface Start {
  from: number;
  rebuild: boolean;
  reconcile?: boolean;
}

/**
 * Starts the index and keeps it following the feed's `content` topic, from the first change it does
 * not hold. The index comes, in this order of preference, from:
 * 1. search.db kept in DATA_DIR, when it is complete, of this format, and (with snapshots, i.e.
 *    distributed) the change feed still holds every change after it. A kept index is preferred to a
 *    newer snapshot: replaying the changes between them costs less than downloading the whole index.
 *    Embedded, the in-process feed starts empty: the kept index is checked against the pages instead
 *    (SearchFeeder.reconcile), for the changes it missed (a crash between a save and its indexing,
 *    saves while the search module did not run).
 * 2. with snapshots, the latest snapshot of this format in BlobStorage, when the feed still holds every
 *    change after it (JetStream keeps them 7 days);
 * 3. the pages, read from the page service (a rebuild, with progress in the log); with snapshots, a
 *    snapshot is written once it is done, so the next replica to start does not rebuild.
 * Which one it was is in the log. Queries are answered meanwhile, from what is indexed so far.
 */
@Injectable()
export class SearchLifecycle implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(SearchLifecycle.name);
  private subscription: ChangeSubscription | undefined;
  private rebuilding: Promise<void> | undefined;
  private readonly stopping = new AbortController();

  constructor(
    private readonly index: SearchIndex,
    private readonly feeder: SearchFeeder,
    private readonly feed: ChangeFeed<ChangeTopics>,
    private readonly snapshots: SearchSnapshotService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { from, rebuild, reconcile } = await this.start();
    this.subscription = await this.feed.subscribe(
      SEARCH_CHANGE_TOPIC,
      `search@${os.hostname()}`,
      async (change) => {
        const parsed = SearchChangeSchema.safeParse(change.payload);
        if (parsed.success) await this.feeder.onChange(parsed.data, change.sequence);
        else this.logger.warn(`Change ${change.sequence} of '${change.topic}' is not a search change; skipped`);
      },
      { fromSequence: from + 1 },
    );
    if (rebuild) this.rebuilding = this.untilDone('Building the search index', () => this.rebuild(from));
    else if (reconcile) this.rebuilding = this.untilDone('Checking the search index against the pages', () => this.feeder.reconcile());
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping.abort();
    await this.subscription?.close();
    await this.feeder.stop();
    await this.rebuilding;
  }

  /** Resolves once the index is complete and checked (or the app stops); a failed try is logged and tried again later. */
  whenBuilt(): Promise<void> {
    return this.rebuilding ?? Promise.resolve();
  }

  private async start(): Promise<Start> {
    if (this.snapshots.enabled) this.snapshots.removeLeftovers();
    if (await this.index.open()) {
      const kept = this.index.sequence();
      if (!this.snapshots.enabled || (await this.feed.canReplayFrom(kept + 1))) {
        this.logger.log(`Search index loaded from ${this.index.file}: ${this.index.size()} pages, current up to change ${kept}`);
        return { from: kept, rebuild: false, reconcile: !this.snapshots.enabled };
      }
      this.logger.warn(`${this.index.file} is current up to change ${kept}, and the change feed no longer holds the changes after it`);
    }
    const restored = await this.snapshots.restore();
    if (restored !== null) return { from: restored, rebuild: false };
    // The pages read from now on hold every change up to here; the subscription brings the later ones.
    return { from: await this.feed.lastSequence(), rebuild: true };
  }

  private async rebuild(coveredUpTo: number): Promise<void> {
    if ((await this.feeder.rebuild(coveredUpTo)) && this.snapshots.enabled) await this.snapshotAfterRebuild();
  }

  /** Runs `work` until it succeeds or the app stops, waiting longer after each failure. */
  private async untilDone(what: string, work: () => Promise<unknown>): Promise<void> {
    for (let wait = RETRY_MS.first; !this.stopping.signal.aborted; wait = Math.min(wait * 2, RETRY_MS.max)) {
      try {
        await work();
        return;
      } catch (error) {
        if (this.stopping.signal.aborted) return;
        this.logger.warn(`${what} failed (${(error as Error).message}); trying again in ${wait / 1000} s`);
        await setTimeout(wait, undefined, { signal: this.stopping.signal }).catch(() => undefined);
      }
    }
  }

  /** A replica that had to rebuild spares the next one that: its snapshot is logged, a failure too (the scheduled job tries again). */
  private async snapshotAfterRebuild(): Promise<void> {
    await this.snapshots.take().catch(() => undefined);
  }
}
