import type { Menu, MenuCatalog, MenuPage, PageRow } from '@quire/proto';
import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { earlyOr } from '../../../lib/early-request';

export type { Menu, MenuCatalog, MenuPage, PageRow };

interface ItemInfoCommon {
  item_id: number;
  item_domain: string;
  is_archived: 0 | 1;
  item_name: string;
  unread_count: number | null;
  is_login: boolean;
  /** May edit pages (false when archived). */
  ItemPermn: boolean;
  ItemCreator: boolean;
}

/** `item/info` of a regular item (contract §9.3). */
export interface RegularItemInfo extends ItemInfoCommon {
  item_type: 1;
  default_page_id: string;
  default_cat_id2: number;
  default_cat_id3: number;
  default_cat_id4: number | null;
  menu: Menu;
}

/** `item/info` of a single-page item: `menu.pages` is one page object. */
export interface SinglePageItemInfo extends ItemInfoCommon {
  item_type: 2;
  current_page_id: number;
  menu: { pages: PageRow | null };
}

export type ItemInfo = RegularItemInfo | SinglePageItemInfo;

export interface ItemInfoQuery {
  itemKey: string;
  keyword?: string;
  defaultPageId?: number;
}

function params(query: ItemInfoQuery) {
  return { item_id: query.itemKey, keyword: query.keyword ?? '', default_page_id: query.defaultPageId ?? 0 };
}

/** `early`: read ahead of the item screen (app/route-data.ts), quietly. */
export function getItemInfo(query: ItemInfoQuery, early = false): Promise<ItemInfo> {
  // The item screen says itself that the item is missing: no alert on top of it. GET: the browser
  // revalidates the menu by its ETag, and an unchanged one comes back as a 304 of a few hundred bytes.
  return apiRequest<ItemInfo>('item/info', params(query), { alert: false, method: 'GET', quiet: early });
}

export const itemInfoKey = (query: ItemInfoQuery) => ['item/info', params(query)] as const;

export function useItemInfo(query: ItemInfoQuery) {
  return useSWR<ItemInfo, unknown>(itemInfoKey(query), () => earlyOr(itemInfoKey(query), () => getItemInfo(query)), { keepPreviousData: true });
}
