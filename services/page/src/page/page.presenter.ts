import { escapeHtml, formatTime, type PageInfo, type PageRow } from '@quire/proto';
import { contentHash } from './history/history-content.repository';
import type { PageEntity } from './page.entity';

/** The page row as the API returns it: text HTML-escaped (contract §13), `addtime` raw. */
export function toPageRow(page: PageEntity): PageRow {
  return {
    page_id: page.page_id,
    author_uid: page.author_uid,
    author_username: escapeHtml(page.author_username),
    item_id: page.item_id,
    cat_id: page.cat_id,
    page_title: escapeHtml(page.page_title),
    page_content: escapeHtml(page.page_content),
    s_number: page.s_number,
    addtime: page.addtime,
    page_comments: escapeHtml(page.page_comments),
    is_del: page.is_del,
    // Quire: a page generated from an API description says which operation it documents (issue 19).
    ...(page.api_operation ? { api_operation: page.api_operation } : {}),
  };
}

/**
 * `page/info`: `addtime` formatted, plus the attachment count, share key and the hash of the raw
 * content (the base of a later save); PageInfoCache builds it once per version of the page.
 */
export function toPageInfo(page: PageEntity, attachmentCount: number, uniqueKey: string): PageInfo {
  return {
    ...toPageRow(page),
    addtime: formatTime(page.addtime),
    attachment_count: attachmentCount,
    unique_key: uniqueKey,
    content_hash: contentHash(page.page_content),
  };
}
