import type { SearchHit, SearchResults } from '@quire/proto';
import useSWRInfinite from 'swr/infinite';
import { apiRequest } from '../../../lib/api-client';

export type { SearchHit, SearchResults };

/** Hits asked for at a time; "load more" asks for the next as many. */
export const SEARCH_PAGE_SIZE = 20;

export interface SearchQuery {
  keyword: string;
  /** 0 for every item the caller may read. */
  itemId?: number;
  /** Username of the last author; '' for anyone. */
  author?: string;
  /** Unix seconds: pages saved at or after it; 0 for any time. */
  since?: number;
}

function params(query: SearchQuery, page: number) {
  return { keyword: query.keyword.trim(), item_id: query.itemId || undefined, author: query.author?.trim() || undefined, since: query.since || undefined, page, count: SEARCH_PAGE_SIZE };
}

/** Errors come back to the results panel (`alert: false`): a search typed letter by letter must not stack alerts. */
export function searchPages(query: SearchQuery, page: number): Promise<SearchResults> {
  return apiRequest<SearchResults>('search/query', params(query, page), { alert: false });
}

export const searchKey = (query: SearchQuery, page: number) => ['search/query', params(query, page)] as const;

/**
 * `search/query`, one SWR page per "load more"; nothing is asked while the keyword is blank. The
 * previous hits stay on screen while the next keyword's answer is on its way.
 */
export function useSearch(query: SearchQuery) {
  const blank = !query.keyword.trim();
  const pages = useSWRInfinite<SearchResults, unknown>(
    (index: number, previous: SearchResults | null) => {
      if (blank || (previous && index * SEARCH_PAGE_SIZE >= previous.total)) return null;
      return searchKey(query, index + 1);
    },
    ([, sent]: ReturnType<typeof searchKey>) => searchPages(query, sent.page),
    { keepPreviousData: true, revalidateFirstPage: false },
  );
  // A blank keyword shows no hits, not the last keyword's kept by `keepPreviousData`.
  const answered = blank ? [] : (pages.data ?? []);
  const hits = answered.flatMap((answer) => answer.results);
  const total = answered[0]?.total ?? 0;
  return {
    hits,
    total,
    tookMs: answered[0]?.took_ms ?? 0,
    error: pages.error,
    /** The first answer for this keyword and these filters is on its way. */
    isLoading: !blank && pages.isLoading,
    isLoadingMore: pages.size > answered.length && answered.length > 0,
    hasMore: hits.length < total,
    loadMore: () => void pages.setSize((size) => size + 1),
    retry: () => void pages.mutate(),
  };
}

export type SearchState = ReturnType<typeof useSearch>;
