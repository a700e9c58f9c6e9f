import { Injectable } from '@nestjs/common';
import { ChangeFeed } from '@quire/platform';
import { type ChangeTopics, SEARCH_CHANGE_TOPIC } from '@quire/proto';

/**
 * Tells the search index which page or catalog changed, once the write is committed (never inside
 * `documents.transaction`: a unit rolled back must not be announced). A notice names what changed,
 * never its text: the search service reads the current state back (`page.search.documents`).
 * Embedded, the index has seen the change when this resolves, so the reply to the write comes
 * after it; distributed, JetStream has stored it. A notice that cannot be published is logged and
 * the write stands (the search service can rebuild).
 */
@Injectable()
export class SearchChanges {
  constructor(private readonly feed: ChangeFeed<ChangeTopics>) {}

  /** A page was saved, moved, deleted (to the recycle bin) or restored. */
  page(itemId: number, pageId: number): Promise<void> {
    return this.feed.publishAfterCommit(SEARCH_CHANGE_TOPIC, { kind: 'page', item_id: itemId, page_id: pageId });
  }

  /** A catalog was renamed, moved under another parent, or deleted with its sub-catalogs (their pages to the bin). */
  catalog(itemId: number, catId: number): Promise<void> {
    return this.feed.publishAfterCommit(SEARCH_CHANGE_TOPIC, { kind: 'catalog', item_id: itemId, cat_id: catId });
  }
}
