import { z } from 'zod';
import { integer, text } from '../validation';

/**
 * Contracts of the search service: the change notices that keep its index current, the global
 * search (`search/query`), ShowDoc's in-item search (`item/search`), and what it asks the item and
 * page services for.
 */

/* ------------------------------------------------------------------------------------------
 * Change notices (ChangeFeed topic `content`).
 * ---------------------------------------------------------------------------------------- */

/** The ChangeFeed topic the content-owning services publish `SearchChange`s on, after their commits. */
export const SEARCH_CHANGE_TOPIC = 'content';

/**
 * Something readers may find changed. It names what changed, never its content: the search service
 * asks the owning service for the current state, so a late or repeated notice cannot index a stale one.
 * `access` is a change of who may read the item (members, teams, visibility, owner).
 */
export const SearchChangeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('page'), item_id: z.number().int().positive(), page_id: z.number().int().positive() }),
  z.object({ kind: z.literal('catalog'), item_id: z.number().int().positive(), cat_id: z.number().int().positive() }),
  z.object({ kind: z.literal('item'), item_id: z.number().int().positive() }),
  z.object({ kind: z.literal('access'), item_id: z.number().int().positive() }),
]);
export type SearchChange = z.output<typeof SearchChangeSchema>;

/* ------------------------------------------------------------------------------------------
 * Endpoint schemas (owned by the search service).
 * ---------------------------------------------------------------------------------------- */

/** Longest keyword searched for: a longer one is cut here, as `item/info` does. */
export const SEARCH_KEYWORD_MAX = 200;
/** Most results one `search/query` answers. */
export const SEARCH_COUNT_MAX = 50;
export const SEARCH_COUNT_DEFAULT = 20;

/** Trimmed and cut at SEARCH_KEYWORD_MAX; blank is refused with its own message. */
const keyword = () =>
  text()
    .transform((s) => s.trim().slice(0, SEARCH_KEYWORD_MAX))
    .pipe(z.string().min(1, { error: 'search_keyword_required' }));
/** 0 (or absent): no item named. */
const optionalItemId = () => integer(0).pipe(z.number().min(0, { error: 'param_out_of_range' }));

/** `search/query`: every page the caller may read, or one item's (`item_id`), by author and age. */
export const SearchQuerySchema = z.object({
  keyword: keyword(),
  item_id: optionalItemId(),
  /** Username of the pages' last author; '' for any. */
  author: text().transform((s) => s.trim().slice(0, 64)),
  /** Unix seconds: pages saved at or after it; 0 for any. */
  since: integer(0).pipe(z.number().min(0, { error: 'param_out_of_range' })),
  /** 1-based. */
  page: integer(1).pipe(z.number().min(1, { error: 'param_out_of_range' }).max(10_000, { error: 'param_out_of_range' })),
  /** 1 to SEARCH_COUNT_MAX; more is answered with SEARCH_COUNT_MAX. */
  count: integer(SEARCH_COUNT_DEFAULT)
    .pipe(z.number().min(1, { error: 'param_out_of_range' }))
    .transform((n) => Math.min(n, SEARCH_COUNT_MAX)),
});
export type SearchQueryDto = z.output<typeof SearchQuerySchema>;

/** One hit of `search/query`. Text is raw except `snippet`: escaped HTML in which only `<mark>` is markup. */
export interface SearchHit {
  item_id: number;
  item_name: string;
  page_id: number;
  page_title: string;
  /** Catalog names from the top level down to the page's catalog; [] at the item's root. */
  cat_path: string[];
  snippet: string;
  author_username: string;
  /** Unix seconds of the page's last save. */
  addtime: number;
  /** Higher is better; comparable within one answer only. */
  score: number;
}

/** `search/query` → the page of hits asked for, how many there are in all, and the time taken. */
export interface SearchResults {
  total: number;
  took_ms: number;
  results: SearchHit[];
}

/** `item/search` (ShowDoc 3.x): the pages of one item that match. */
export const ItemSearchSchema = z.object({
  item_id: integer(0).pipe(z.number().min(1, { error: (issue) => (issue.input === 0 ? 'param_required' : 'param_out_of_range') })),
  keyword: keyword(),
});
export type ItemSearchDto = z.output<typeof ItemSearchSchema>;

/** A page `item/search` found; `search_content` is plain text: about 100 characters before the first match and 200 after, between `...`. */
export interface ItemSearchPage {
  page_id: number;
  page_title: string;
  cat_id: number;
  search_content: string;
  item_id: number;
  item_name: string;
}

export interface ItemSearchResults {
  item_id: number;
  item_name: string;
  pages: ItemSearchPage[];
}

/** Most page ids one `search.item.pages` answers (the best ones). */
export const SEARCH_ITEM_PAGES_MAX = 500;

/**
 * `search.item.pages` (internal): item/info's keyword search, asked by the item service once it
 * has checked the caller's visit right; it searches that one item only.
 */
export const SearchItemPagesSchema = z.object({
  item_id: integer(0).pipe(z.number().min(1, { error: (issue) => (issue.input === 0 ? 'param_required' : 'param_out_of_range') })),
  keyword: keyword(),
});
export type SearchItemPagesDto = z.output<typeof SearchItemPagesSchema>;

/** `search.item.pages` → the ids of the item's matching pages, best first, at most SEARCH_ITEM_PAGES_MAX. */
export interface SearchItemPages {
  page_ids: number[];
}

/* ------------------------------------------------------------------------------------------
 * What the search service asks the others.
 * ---------------------------------------------------------------------------------------- */

/**
 * `item.access.readable`: the live items the caller may read (owned, member, through a team,
 * public, or unlocked by visit password for the caller's client), answered fresh on every call.
 */
export interface ReadableItems {
  item_ids: number[];
}

/** Most documents one `page.search.documents` answers. */
export const SEARCH_DOCUMENTS_MAX = 500;

/**
 * `page.search.documents`: the live pages to index, by ids (`page_ids`), under a catalog and its
 * sub-catalogs (`item_id` + `cat_id`), of an item (`item_id`), or of every item (neither), in
 * page_id order after `after_page_id`, at most `limit`.
 */
export const SearchDocumentsSchema = z.object({
  page_ids: z.array(z.number().int().positive()).max(SEARCH_DOCUMENTS_MAX).optional(),
  item_id: z.number().int().min(0).default(0),
  cat_id: z.number().int().min(0).default(0),
  after_page_id: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(SEARCH_DOCUMENTS_MAX).default(100),
});
export type SearchDocumentsDto = z.output<typeof SearchDocumentsSchema>;

/** A live page as the index needs it; text raw. */
export interface SearchDocument {
  page_id: number;
  item_id: number;
  cat_id: number;
  page_title: string;
  page_content: string;
  /** Catalog ids and names from the top level down to the page's catalog. */
  cat_path: { cat_id: number; cat_name: string }[];
  author_uid: number;
  author_username: string;
  /** Unix seconds of the last save. */
  addtime: number;
}

/** `page.search.documents` → documents in page_id order; `more` when the selection goes on after the last. */
export interface SearchDocuments {
  documents: SearchDocument[];
  more: boolean;
}

/** Most pages one `page.search.versions` answers. */
export const SEARCH_VERSIONS_MAX = 5_000;

/**
 * `page.search.versions`: every live page, in page_id order after `after_page_id`, at most `limit`,
 * with only what its index entry depends on besides its text. The embedded search index, kept
 * across a restart while its change feed is not, checks itself against these at start.
 */
export const SearchVersionsSchema = z.object({
  after_page_id: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(SEARCH_VERSIONS_MAX).default(1_000),
});
export type SearchVersionsDto = z.output<typeof SearchVersionsSchema>;

/** A live page as `page.search.versions` answers it: the save time stands for its text, title and author. */
export interface SearchVersion {
  page_id: number;
  item_id: number;
  /** Unix seconds of the last save. */
  addtime: number;
  /** Catalog ids and names from the top level down to the page's catalog. */
  cat_path: SearchDocument['cat_path'];
}

/** `page.search.versions` → pages in page_id order; `more` when live pages go on after the last. */
export interface SearchVersions {
  pages: SearchVersion[];
  more: boolean;
}
