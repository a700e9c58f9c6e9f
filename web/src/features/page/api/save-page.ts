import type { PageRow } from '@quire/proto';
import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { pageKey } from './get-page';

export type { PageRow };

export interface SavePageInput {
  /** 0 creates the page. */
  pageId: number;
  itemId: number;
  catId: number;
  sNumber: number;
  title: string;
  content: string;
}

/**
 * `page/save`: the content travels URL-encoded with `is_urlencode=1` (contract §13). The reader's
 * copies of the page, its history and the item menus are refreshed.
 */
export async function savePage(input: SavePageInput): Promise<PageRow> {
  const row = await apiRequest<PageRow>(
    'page/save',
    {
      page_id: input.pageId,
      item_id: input.itemId,
      s_number: input.sNumber,
      page_title: input.title,
      page_content: encodeURIComponent(input.content),
      is_urlencode: 1,
      cat_id: input.catId,
    },
    { loading: true },
  );
  await Promise.all([mutate(pageKey(row.page_id), undefined, { revalidate: false }), mutate((key) => Array.isArray(key) && (key[0] === 'item/info' || key[0] === 'page/history'))]);
  return row;
}
