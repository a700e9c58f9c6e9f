import type { CreatedShareLink, ShareLinkInfo, ShareLinkPage, ShareLinkRow } from '@quire/proto';
import useSWR, { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';

export type { CreatedShareLink, ShareLinkInfo, ShareLinkPage, ShareLinkRow };

/** What a new link opens: `cat_id` / `page_id` absent for the whole item; `expire_time` unix seconds, 0 for never. */
export interface NewShareLink {
  item_id: number;
  cat_id?: number;
  page_id?: number;
  password?: string;
  expire_time?: number;
}

export const shareLinksKey = (itemId: number) => ['share/list', { item_id: itemId }] as const;

/** `share/create` (edit right): a new link; the item's list is read again. */
export async function createShareLink(link: NewShareLink): Promise<CreatedShareLink> {
  const created = await apiRequest<CreatedShareLink>('share/create', { ...link }, { alert: false });
  await mutate(shareLinksKey(link.item_id));
  return created;
}

/** `share/list` (edit right): every active link of the item. */
export function useShareLinks(itemId: number) {
  return useSWR(shareLinksKey(itemId), () => apiRequest<ShareLinkRow[]>('share/list', { item_id: itemId }));
}

/** `share/revoke`: the link stops at once. */
export async function revokeShareLink(itemId: number, shareKey: string): Promise<void> {
  await apiRequest('share/revoke', { share_key: shareKey });
  await mutate(shareLinksKey(itemId));
}

/** `share/info`: the menu a visitor of the link sees (failures are shown by the screen, not alerted). */
export function getShareLinkInfo(shareKey: string, password: string): Promise<ShareLinkInfo> {
  return apiRequest<ShareLinkInfo>('share/info', { share_key: shareKey, password }, { alert: false });
}

/** `share/page`: a page inside the link's scope; its attachment links carry the key (and the password's proof). */
export async function getShareLinkPage(shareKey: string, pageId: number, password: string, token: string): Promise<ShareLinkPage> {
  const page = await apiRequest<ShareLinkPage>('share/page', { share_key: shareKey, page_id: pageId, password }, { alert: false });
  return { ...page, page_content: withShareLinkKey(page.page_content, shareKey, token) };
}

const ATTACHMENT_LINK = /(attachment\/visitFile(&amp;|&)sign=[a-f0-9]{32})/g;

/** The attachment links of a page read through a scoped link carry its key and the proof of its password. */
export function withShareLinkKey(content: string, shareKey: string, token: string): string {
  return content.replace(ATTACHMENT_LINK, (_, link: string, amp: string) => `${link}${amp}share_key=${encodeURIComponent(shareKey)}${token ? `${amp}share_token=${token}` : ''}`);
}
