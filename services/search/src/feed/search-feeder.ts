import { Injectable, Logger } from '@nestjs/common';
import { anonymousCaller, type Caller, type SearchChange, type SearchDocument, type SearchDocuments, type SearchDocumentsDto } from '@quire/proto';
import { ItemClient } from '../clients/item.client';
import { PageClient } from '../clients/page.client';
import { SearchIndex } from '../index/search-index';

/** The search service asks for pages as nobody in particular: what it indexes is filtered per caller at query time. */
const SERVICE_CALLER: Caller = anonymousCaller('', '');

/** Pages per `page.search.documents` call of a rebuild or resync. */
const BATCH = 200;
/** A rebuild logs its progress at most this often. */
const PROGRESS_EVERY_MS = 5_000;

/**
 * Keeps the index equal to the live pages. A change notice names what changed; the page and item
 * services are asked for its current state, so a late, repeated or reordered notice cannot leave
 * a stale page behind. Every change of the index runs in one queue, a rebuild batch by batch, so a
 * notice handled during a rebuild is never overwritten by an older batch.
 */
@Injectable()
export class SearchFeeder {
  private readonly logger = new Logger(SearchFeeder.name);
  private tail: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly index: SearchIndex,
    private readonly pages: PageClient,
    private readonly items: ItemClient,
  ) {}

  /**
   * Brings the index up to date with what the notice names; `sequence` is its place in the feed,
   * kept with the index (for a page, in the same commit: a save waits for one disk sync here, not two).
   */
  onChange(change: SearchChange, sequence = 0): Promise<void> {
    return this.queued(async () => {
      if (change.kind === 'page') return this.syncPage(change.page_id, sequence);
      await this.apply(change);
      if (sequence > 0) await this.index.noteSequence(sequence);
    });
  }

  /** Stops a rebuild between two batches and waits for the index change under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.tail;
  }

  /** Empties the index and fills it with every live page, in batches, with progress in the log (false: stopped before the end). */
  async rebuild(): Promise<boolean> {
    const started = Date.now();
    this.logger.log('Building the search index from the pages …');
    await this.queued(() => this.index.clear());
    let indexed = 0;
    let loggedAt = started;
    for (let after = 0, more = true; more;) {
      if (this.stopped) return false;
      const batch = await this.queued(() => this.copy({ after_page_id: after, limit: BATCH }));
      indexed += batch.documents.length;
      more = batch.more && batch.documents.length > 0;
      after = batch.documents.at(-1)?.page_id ?? after;
      if (Date.now() - loggedAt >= PROGRESS_EVERY_MS) {
        loggedAt = Date.now();
        this.logger.log(`Search index: ${indexed} pages so far`);
      }
    }
    await this.queued(() => this.index.markBuilt());
    this.logger.log(`Search index built: ${indexed} pages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return true;
  }

  /** Indexes the page when it is live, else drops it, and notes the feed's place unless 0: one commit. */
  private async syncPage(pageId: number, sequence: number): Promise<void> {
    const { documents } = await this.pages.documents(SERVICE_CALLER, { page_ids: [pageId] });
    await this.index.replace(documents, documents.length > 0 ? [] : [pageId], sequence);
  }

  private async apply(change: SearchChange): Promise<void> {
    switch (change.kind) {
      case 'page':
        return this.syncPage(change.page_id, 0);
      case 'catalog':
        return this.resync({ item_id: change.item_id, cat_id: change.cat_id }, this.index.pageIdsUnderCatalog(change.item_id, change.cat_id));
      case 'item':
        return this.syncItem(change.item_id);
      case 'access':
        // Read rights are asked of the item service on every search: nothing indexed depends on them.
        return;
    }
  }

  /**
   * A deleted item leaves the index; a live one the index has no page of (copied, restored) is
   * read whole. Its name, archive flag and owner are not indexed: searches ask for them.
   */
  private async syncItem(itemId: number): Promise<void> {
    const [live] = await this.items.summaries(SERVICE_CALLER, [itemId]);
    const indexed = this.index.pageIdsOfItem(itemId);
    if (!live) return this.index.remove(indexed);
    if (indexed.length === 0) await this.resync({ item_id: itemId }, []);
  }

  /** Indexes every live page of the selection and drops the `indexed` pages it no longer has. */
  private async resync(selection: Partial<SearchDocumentsDto>, indexed: number[]): Promise<void> {
    const gone = new Set(indexed);
    for (let after = 0, more = true; more;) {
      const batch = await this.copy({ ...selection, after_page_id: after, limit: BATCH });
      for (const document of batch.documents) gone.delete(document.page_id);
      more = batch.more && batch.documents.length > 0;
      after = batch.documents.at(-1)?.page_id ?? after;
    }
    await this.index.remove([...gone]);
  }

  private async copy(selection: Partial<SearchDocumentsDto>): Promise<SearchDocuments> {
    const batch = await this.pages.documents(SERVICE_CALLER, selection);
    await this.index.upsert(batch.documents satisfies SearchDocument[]);
    return batch;
  }

  /** Runs `work` after every index change queued before it. */
  private queued<R>(work: () => Promise<R>): Promise<R> {
    const run = this.tail.then(work);
    this.tail = run.catch(() => undefined);
    return run;
  }
}
