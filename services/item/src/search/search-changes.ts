import { Injectable } from '@nestjs/common';
import { ChangeFeed } from '@quire/platform';
import { type ChangeTopics, SEARCH_CHANGE_TOPIC } from '@quire/proto';

/**
 * Tells the search index which item changed, once the write is committed (never inside
 * `documents.transaction`: a unit rolled back must not be announced). A notice names the item,
 * never its data: the search service asks for the current state. Embedded, the index has seen the
 * change when this resolves; distributed, JetStream has stored it. A notice that cannot be
 * published is logged and the write stands (the search service can rebuild).
 */
@Injectable()
export class SearchChanges {
  constructor(private readonly feed: ChangeFeed<ChangeTopics>) {}

  /** The item was renamed, archived, deleted or handed to another owner, or went live with its pages (a copy). */
  async item(itemId: number): Promise<void> {
    await this.feed.publishAfterCommit(SEARCH_CHANGE_TOPIC, { kind: 'item', item_id: itemId });
  }

  /** Who may read the items changed: members, or visibility (the visit password). */
  async access(itemIds: Iterable<number>): Promise<void> {
    for (const itemId of new Set(itemIds)) await this.feed.publishAfterCommit(SEARCH_CHANGE_TOPIC, { kind: 'access', item_id: itemId });
  }
}
