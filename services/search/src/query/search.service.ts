import { Injectable } from '@nestjs/common';
import {
  AppError,
  type CacheVersions,
  type Caller,
  ErrorCode,
  escapeHtml,
  type ItemSearchDto,
  type ItemSearchResults,
  SEARCH_ITEM_PAGES_MAX,
  type SearchHit,
  type SearchItemPages,
  type SearchItemPagesDto,
  type SearchQueryDto,
  type SearchResults,
} from '@quire/proto';
import { ItemClient } from '../clients/item.client';
import { SearchFeeder } from '../feed/search-feeder';
import { type IndexedPage, SearchIndex } from '../index/search-index';
import type { SearchQuery } from '../index/search-query';
import { matchedRanges, searchContent, snippetHtml } from '../index/snippet';

/** Characters of a `search/query` snippet before the first match, and in all. */
const SNIPPET_BEFORE = 60;
const SNIPPET_AFTER = 160;
/** ShowDoc's `search_content`: 100 characters before the first match, 200 after. */
const SEARCH_CONTENT_BEFORE = 100;
const SEARCH_CONTENT_AFTER = 200;
/** The most pages one `item/search` answers (ShowDoc answers every match; an item may have thousands). */
const ITEM_SEARCH_MAX = 500;

/**
 * Searches the index for the caller: only in the items the item service says the caller may read
 * (kept under the access version, see ItemClient), and only in the one item named when one is.
 */
@Injectable()
export class SearchService {
  constructor(
    private readonly index: SearchIndex,
    private readonly items: ItemClient,
    private readonly feeder: SearchFeeder,
  ) {}

  /** `search/query`. */
  async query(caller: Caller, dto: SearchQueryDto, versions?: CacheVersions): Promise<SearchResults> {
    const started = performance.now();
    // Every write acknowledged before this request is in the index (embedded: the feed's queue drained, the pages indexed).
    await this.feeder.caughtUp();
    const itemIds = dto.item_id > 0 ? [(await this.readableItem(caller, dto.item_id)).item_id] : await this.items.readable(caller, versions);
    const query = this.index.parse(dto.keyword);
    if (!query || itemIds.length === 0) return { total: 0, took_ms: elapsed(started), results: [] };
    const { total, pages } = this.index.search(query, { itemIds, author: dto.author, since: dto.since }, (dto.page - 1) * dto.count, dto.count);
    const names = new Map((await this.items.summaries(caller, [...new Set(pages.map((page) => page.item_id))])).map((item) => [item.item_id, item.item_name]));
    const results = pages.map((page) => this.hit(page, query, names.get(page.item_id) ?? ''));
    return { total, took_ms: elapsed(started), results };
  }

  /** `item/search` (ShowDoc 3.x): the matching pages of one item, best first; text escaped as the rest of ShowDoc's API has it. */
  async itemSearch(caller: Caller, dto: ItemSearchDto): Promise<ItemSearchResults> {
    await this.feeder.caughtUp();
    const item = await this.readableItem(caller, dto.item_id);
    const query = this.index.parse(dto.keyword);
    const pages = query ? this.index.search(query, { itemIds: [item.item_id], author: '', since: 0 }, 0, ITEM_SEARCH_MAX).pages : [];
    const itemName = escapeHtml(item.item_name);
    return {
      item_id: item.item_id,
      item_name: itemName,
      pages: pages.map((page) => ({
        page_id: page.page_id,
        page_title: escapeHtml(page.page_title),
        cat_id: page.cat_id,
        search_content: escapeHtml(searchContent(page.page_content, this.ranges(page, query), SEARCH_CONTENT_BEFORE, SEARCH_CONTENT_AFTER)),
        item_id: page.item_id,
        item_name: itemName,
      })),
    };
  }

  /**
   * `search.item.pages`, item/info's keyword search: the ids of one item's matching pages, best first.
   * The item service asks once it has checked the caller's visit right, so none is asked here; the
   * search stays within the one item named.
   */
  async itemPages(dto: SearchItemPagesDto): Promise<SearchItemPages> {
    await this.feeder.caughtUp();
    const query = this.index.parse(dto.keyword);
    const pages = query ? this.index.search(query, { itemIds: [dto.item_id], author: '', since: 0 }, 0, SEARCH_ITEM_PAGES_MAX).pages : [];
    return { page_ids: pages.map((page) => page.page_id) };
  }

  /** The item, when it is live and the caller may read it: 10101 when missing or deleted, 10303 without the right. */
  private async readableItem(caller: Caller, itemId: number): Promise<{ item_id: number; item_name: string }> {
    const access = await this.items.access(caller, itemId);
    if (!access.exists) throw AppError.failed('search_item_not_found');
    if (!access.visit) throw new AppError(ErrorCode.NotCreator, 'search_item_no_permission');
    return access;
  }

  private hit(page: IndexedPage, query: SearchQuery, itemName: string): SearchHit {
    return {
      item_id: page.item_id,
      item_name: itemName,
      page_id: page.page_id,
      page_title: page.page_title,
      cat_path: page.cat_path,
      snippet: snippetHtml(page.page_content, this.ranges(page, query), SNIPPET_BEFORE, SNIPPET_AFTER),
      author_username: page.author_username,
      addtime: page.addtime,
      score: Math.round(page.score * 1000) / 1000,
    };
  }

  private ranges(page: IndexedPage, query: SearchQuery | null) {
    return query ? matchedRanges(page.page_content, query.marks, this.index.stem) : [];
  }
}

function elapsed(started: number): number {
  return Math.round(performance.now() - started);
}
