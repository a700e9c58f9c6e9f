import { Injectable } from '@nestjs/common';
import { ChangeFeed } from '@quire/platform';
import { type ChangeTopics, SEARCH_CHANGE_TOPIC } from '@quire/proto';

/**
 * Tells the search index whose items' readers changed through a team (a member joined or left, an
 * item was assigned or unassigned, a team deleted), once the unit is committed: never inside
 * `TeamChanges.apply`, as a unit rolled back must not be announced. A notice names the item only;
 * the search service asks for the current rights. A notice that cannot be published is logged and
 * the write stands (the search service can rebuild).
 */
@Injectable()
export class SearchChanges {
  constructor(private readonly feed: ChangeFeed<ChangeTopics>) {}

  async access(itemIds: Iterable<number>): Promise<void> {
    for (const itemId of new Set(itemIds)) await this.feed.publishAfterCommit(SEARCH_CHANGE_TOPIC, { kind: 'access', item_id: itemId });
  }
}
