import * as os from 'node:os';
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ChangeFeed, type ChangeSubscription } from '@quire/platform';
import { type ChangeTopics, SEARCH_CHANGE_TOPIC, SearchChangeSchema } from '@quire/proto';
import { LiveDocuments } from './live-documents';

/**
 * Follows the ChangeFeed's `content` topic (every replica sees every change): a page saved from
 * outside the editor is merged into its live document, and a change of rights on an item (or of the
 * item itself) is checked against every connection to its pages at once.
 */
@Injectable()
export class CollabFeed implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(CollabFeed.name);
  private subscription: ChangeSubscription | undefined;

  constructor(
    private readonly feed: ChangeFeed<ChangeTopics>,
    private readonly documents: LiveDocuments,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = await this.feed.subscribe(SEARCH_CHANGE_TOPIC, `collab@${os.hostname()}-${process.pid}`, async (change) => {
      const parsed = SearchChangeSchema.safeParse(change.payload);
      if (!parsed.success) return this.logger.warn(`Change ${change.sequence} of '${change.topic}' is not a content change; skipped`);
      if (parsed.data.kind === 'page') await this.documents.pageChanged(parsed.data.page_id);
      // A deleted, archived or handed-over item changes rights too.
      else if (parsed.data.kind === 'access' || parsed.data.kind === 'item') await this.documents.accessChanged(parsed.data.item_id);
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.close();
  }
}
