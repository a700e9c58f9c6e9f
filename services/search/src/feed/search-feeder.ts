import { setTimeout } from 'node:timers/promises';
import { Injectable, Logger } from '@nestjs/common';
import { ChangeFeed } from '@quire/platform';
import { anonymousCaller, type Caller, type ChangeTopics, type SearchChange, type SearchDocument, type SearchDocuments, type SearchDocumentsDto, type SearchVersion } from '@quire/proto';
import { ItemClient } from '../clients/item.client';
import { PageClient } from '../clients/page.client';
import { type IndexedEntry, SearchIndex } from '../index/search-index';

/** The search service asks for pages as nobody in particular: what it indexes is filtered per caller at query time. */
const SERVICE_CALLER: Caller = anonymousCaller('', '');

/** Pages per `page.search.documents` call of a rebuild or resync. */
const BATCH = 200;
/** A rebuild logs its progress at most this often. */
const PROGRESS_EVERY_MS = 5_000;
/**
 * Pages indexed in one commit at most. Under a burst of saves the pages changed while a commit is
 * under way wait for the next one together: one read of the page service, one index segment and one
 * disk sync for all of them instead of one each, so the index keeps up with the saves. A batch holds
 * the event loop for a fraction of a millisecond per page it writes: kept small.
 */
const PAGE_BATCH = 32;
/** Tries of a batch of pages whose read or write failed, the wait doubling from the first. */
const PAGE_ATTEMPTS = 3;
const PAGE_RETRY_MS = 100;
/**
 * A save takes its time (`addtime`, in seconds) before it commits and tells the index: a change noticed
 * after a moment may carry a time up to a request's length before it. The watermark kept with the
 * index (see SearchIndex.watermark) is set back by this much. Only a page saved twice in one second
 * needs it (a save of another second differs from its entry anyway): the cost is that a start reads
 * again the pages saved this long before the last batch or the stop.
 */
const WATERMARK_SLACK_S = 10;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Changed pages waiting to be indexed together, and the feed's place of the latest of their notices. */
interface PageBatch {
  pageIds: Set<number>;
  sequence: number;
}

/**
 * Keeps the index equal to the live pages. A change notice names what changed; the page and item
 * services are asked for its current state, so a late, repeated or reordered notice cannot leave
 * a stale page behind. Every change of the index runs in one queue, a rebuild batch by batch, so a
 * notice handled during a rebuild is never overwritten by an older batch. Page notices are taken at
 * once and indexed in batches (see PAGE_BATCH); `caughtUp()` waits until they are in the index.
 */
@Injectable()
export class SearchFeeder {
  private readonly logger = new Logger(SearchFeeder.name);
  private tail: Promise<unknown> = Promise.resolve();
  private stopped = false;
  /** The batch of pages queued last and not yet started: a page notice joins it. */
  private openBatch: PageBatch | undefined;
  /**
   * While a start's check against the pages (`reconcile`) is not done: the watermark stays where it
   * was, so that a crash meanwhile makes the next start check the same pages again.
   */
  private unsettled = false;

  constructor(
    private readonly index: SearchIndex,
    private readonly pages: PageClient,
    private readonly items: ItemClient,
    private readonly feed: ChangeFeed<ChangeTopics>,
  ) {}

  /**
   * Brings the index up to date with what the notice names; `sequence` is its place in the feed,
   * kept with the index. A page notice resolves once queued: its page is indexed with the others
   * changed meanwhile, in one commit that also keeps the place of the latest of them. Any other
   * notice resolves once applied, after the pages queued before it, so the place kept never passes
   * a change that is not in the index.
   */
  onChange(change: SearchChange, sequence = 0): Promise<void> {
    if (change.kind === 'page') {
      this.pageChanged(change.page_id, sequence);
      return Promise.resolve();
    }
    this.openBatch = undefined;
    return this.queued(async () => {
      await this.apply(change);
      if (sequence > 0) await this.index.noteSequence(sequence);
    });
  }

  /** Resolves once every change published before the call (by this process, embedded) is in the index. */
  async caughtUp(): Promise<void> {
    await this.feed.caughtUp();
    await this.tail;
  }

  /**
   * Stops a rebuild or a check between two batches and waits for the index change under way. The
   * index has then seen every change noticed: its watermark moves to now (less the slack, for the
   * saves still under way), so the next start re-reads only what changed while it was away.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.tail;
    if (!this.unsettled && this.index.isBuilt()) {
      await this.index.noteWatermark(nowSeconds() - WATERMARK_SLACK_S).catch((error: Error) => this.logger.warn(`Noting the search index's watermark failed: ${error.message}`));
    }
  }

  /**
   * Empties the index and fills it with every live page, in batches, with progress in the log (false:
   * stopped before the end). `coveredUpTo`: the feed's last sequence before the rebuild began (the
   * changes after it are the subscription's), noted as the index's place unless a change noted a later one.
   */
  async rebuild(coveredUpTo = 0): Promise<boolean> {
    const started = Date.now();
    const watermark = nowSeconds() - WATERMARK_SLACK_S;
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
    await this.queued(() => this.index.markBuilt(coveredUpTo, watermark));
    this.logger.log(`Search index built: ${indexed} pages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return true;
  }

  /**
   * Brings a kept index up to date with the pages after a start whose change feed cannot replay what
   * the index missed (embedded: the in-process feed starts empty, and a crash loses the changes noticed
   * but not yet indexed, see `watermark`). Every live page's save time and catalog path
   * (`page.search.versions`, no text) is compared with its entry, in page id order; a page that differs,
   * is missing, was saved after the watermark or is indexed but no longer live is read again, in
   * batches through the queue, as a change notice would have it. Queries are answered meanwhile from
   * the index as it is. False: stopped before the end.
   */
  async reconcile(): Promise<boolean> {
    const started = Date.now();
    const watermark = this.index.watermark();
    // An index kept from before watermarks were noted is compared by save time and catalog path alone.
    const savedFrom = watermark > 0 ? watermark : Number.POSITIVE_INFINITY;
    this.unsettled = true;
    let checked = 0;
    let stale = 0;
    for (let after = 0, more = true; more;) {
      if (this.stopped) return false;
      const batch = await this.pages.versions(SERVICE_CALLER, after);
      more = batch.more && batch.pages.length > 0;
      const upTo = more ? (batch.pages.at(-1)?.page_id ?? after) : Number.MAX_SAFE_INTEGER;
      const indexed = new Map(this.index.entries(after, upTo).map((entry) => [entry.page_id, entry]));
      const changed: number[] = [];
      for (const page of batch.pages) {
        const entry = indexed.get(page.page_id);
        indexed.delete(page.page_id);
        if (!entry || page.addtime >= savedFrom || !sameEntry(entry, page)) changed.push(page.page_id);
      }
      changed.push(...indexed.keys());
      for (let i = 0; i < changed.length; i += PAGE_BATCH) {
        if (this.stopped) return false;
        const pageIds = new Set(changed.slice(i, i + PAGE_BATCH));
        await this.queued(() => this.indexPages({ pageIds, sequence: 0 }));
      }
      checked += batch.pages.length;
      stale += changed.length;
      after = upTo;
    }
    await this.queued(() => this.index.noteWatermark(Math.floor(started / 1000) - WATERMARK_SLACK_S));
    this.unsettled = false;
    this.logger.log(`Search index checked against ${checked} live pages: ${stale} read again, in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return true;
  }

  /** Queues the page in the open batch, or in a new one when none is open or it is full. */
  private pageChanged(pageId: number, sequence: number): void {
    let batch = this.openBatch;
    if (!batch || batch.pageIds.size >= PAGE_BATCH) {
      const next: PageBatch = { pageIds: new Set(), sequence: 0 };
      this.openBatch = batch = next;
      void this.queued(() => this.indexPages(next));
    }
    batch.pageIds.add(pageId);
    batch.sequence = Math.max(batch.sequence, sequence);
  }

  /**
   * Indexes the batch's live pages, drops the others and notes the feed's place: one read, one commit.
   * A failure is tried again, then logged: the pages stay as they were until their next change or a rebuild.
   */
  private async indexPages(batch: PageBatch): Promise<void> {
    if (this.openBatch === batch) this.openBatch = undefined;
    // Every change noticed before now was in an earlier batch: once this one is written, only the later ones can be missing.
    const watermark = this.unsettled ? 0 : nowSeconds() - WATERMARK_SLACK_S;
    const pageIds = [...batch.pageIds];
    for (let attempt = 1; ; attempt += 1) {
      try {
        const { documents } = await this.pages.documents(SERVICE_CALLER, { page_ids: pageIds, limit: pageIds.length });
        const live = new Set(documents.map((document) => document.page_id));
        await this.index.replace(
          documents,
          pageIds.filter((pageId) => !live.has(pageId)),
          batch.sequence,
          watermark,
        );
        return;
      } catch (error) {
        const what = `Indexing page(s) ${pageIds.join(', ')}`;
        if (attempt >= PAGE_ATTEMPTS || this.stopped) {
          this.logger.error(`${what} failed ${attempt} time(s) and is skipped: ${(error as Error).message}`);
          return;
        }
        this.logger.warn(`${what} failed (try ${attempt} of ${PAGE_ATTEMPTS}), trying again: ${(error as Error).message}`);
        await setTimeout(PAGE_RETRY_MS * 2 ** (attempt - 1));
      }
    }
  }

  private async apply(change: Exclude<SearchChange, { kind: 'page' }>): Promise<void> {
    switch (change.kind) {
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

/** Whether an entry was indexed from the page as it is now, text aside (its save time stands for that). */
function sameEntry(entry: IndexedEntry, page: SearchVersion): boolean {
  return (
    entry.item_id === page.item_id &&
    entry.addtime === page.addtime &&
    entry.cat_path.length === page.cat_path.length &&
    entry.cat_path.every((catalog, i) => catalog.cat_id === page.cat_path[i].cat_id && catalog.cat_name === page.cat_path[i].cat_name)
  );
}
