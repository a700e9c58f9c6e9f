import * as os from 'node:os';
import { setTimeout } from 'node:timers/promises';
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ChangeFeed, type ChangeSubscription } from '@quire/platform';
import { type ChangeTopics, SEARCH_CHANGE_TOPIC, SearchChangeSchema } from '@quire/proto';
import { SearchIndex } from '../index/search-index';
import { SearchFeeder } from './search-feeder';

/** Waits between tries of a rebuild whose pages did not answer (the page service starting too, or away). */
const RETRY_MS = { first: 500, max: 30_000 };

/**
 * Starts the index: opens search.db, follows the feed's `content` topic (from where the index left
 * it, when it kept its place), and rebuilds from the pages when the file was missing, damaged, of an
 * older format or half-built. Queries are answered meanwhile, from what is indexed so far.
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
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const built = await this.index.open();
    const from = built ? this.index.sequence() : await this.feed.lastSequence();
    this.subscription = await this.feed.subscribe(
      SEARCH_CHANGE_TOPIC,
      `search@${os.hostname()}`,
      async (change) => {
        const parsed = SearchChangeSchema.safeParse(change.payload);
        if (parsed.success) await this.feeder.onChange(parsed.data, change.sequence);
        else this.logger.warn(`Change ${change.sequence} of '${change.topic}' is not a search change; skipped`);
      },
      from > 0 ? { fromSequence: from + 1 } : {},
    );
    if (!built) this.rebuilding = this.rebuildUntilDone();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping.abort();
    await this.subscription?.close();
    await this.feeder.stop();
    await this.rebuilding;
  }

  /** Resolves once the index is complete (or the app stops); a failed try is logged and tried again later. */
  whenBuilt(): Promise<void> {
    return this.rebuilding ?? Promise.resolve();
  }

  private async rebuildUntilDone(): Promise<void> {
    for (let wait = RETRY_MS.first; !this.stopping.signal.aborted; wait = Math.min(wait * 2, RETRY_MS.max)) {
      try {
        await this.feeder.rebuild();
        return;
      } catch (error) {
        if (this.stopping.signal.aborted) return;
        this.logger.warn(`Building the search index failed (${(error as Error).message}); trying again in ${wait / 1000} s`);
        await setTimeout(wait, undefined, { signal: this.stopping.signal }).catch(() => undefined);
      }
    }
  }
}
