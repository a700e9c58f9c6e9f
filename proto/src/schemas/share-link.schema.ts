import { z } from 'zod';
import { integer, requiredText, text } from '../validation';
import type { Menu } from './page.schema';

/**
 * Quire's scoped share links (issue 20): a link opens a page, a catalog with everything under it, or a whole item,
 * with an optional password and expiry. Owned by the page service (`services/page/src/page/share/`).
 */

const id = () => integer().pipe(z.number().min(0));
const requiredId = () => integer().pipe(z.number().min(1, { error: (issue) => (issue.input === 0 ? 'param_required' : 'param_out_of_range') }));
/** 32 hexadecimal digits (128 random bits); anything longer is refused before any lookup. */
const shareKey = () => requiredText({ trim: true }).pipe(z.string().max(64));
/** A link's password: absent or '' for none; at most 128 characters. */
const password = () => text().pipe(z.string().max(128));

/** `share/create`: `cat_id` and `page_id` 0 (absent) for the whole item; `expire_time` unix seconds, 0 for never. */
export const CreateShareLinkSchema = z.object({ item_id: requiredId(), cat_id: id(), page_id: id(), password: password(), expire_time: id() });
export type CreateShareLinkDto = z.output<typeof CreateShareLinkSchema>;

export const ListShareLinksSchema = z.object({ item_id: requiredId() });
export type ListShareLinksDto = z.output<typeof ListShareLinksSchema>;

export const RevokeShareLinkSchema = z.object({ share_key: shareKey() });
export type RevokeShareLinkDto = z.output<typeof RevokeShareLinkSchema>;

export const ShareLinkInfoSchema = z.object({ share_key: shareKey(), password: password() });
export type ShareLinkInfoDto = z.output<typeof ShareLinkInfoSchema>;

export const ShareLinkPageSchema = z.object({ share_key: shareKey(), page_id: requiredId(), password: password() });
export type ShareLinkPageDto = z.output<typeof ShareLinkPageSchema>;

/** What a link opens. */
export type ShareLinkScope = 'page' | 'catalog' | 'item';

export interface CreatedShareLink {
  share_key: string;
  /** The SPA path of the link, `/s/{share_key}` (the client prefixes its origin). */
  url: string;
}

/** One active link of `share/list` (names HTML-escaped, times unix seconds). */
export interface ShareLinkRow {
  share_key: string;
  url: string;
  scope: ShareLinkScope;
  item_id: number;
  cat_id: number;
  page_id: number;
  /** The page's or catalog's name, or the item's for a whole-item link. */
  target_name: string;
  creator_uid: number;
  creator_username: string;
  addtime: number;
  /** 0: never expires. */
  expire_time: number;
  views: number;
  has_password: boolean;
}

/** `share/info`: the menu the link shows (only its scope), and the page to open first. */
export interface ShareLinkInfo {
  scope: ShareLinkScope;
  item_name: string;
  /** The catalog's or page's name for narrower links; the item's name otherwise. */
  target_name: string;
  expire_time: number;
  /** The page a page link opens, else 0. */
  page_id: number;
  menu: Menu;
  /**
   * Proof of the password for the files the pages show (`attachment/visitFile?share_key=…&share_token=…`); '' when
   * the link has none.
   */
  share_token: string;
}

/** `share/page`: a page inside the link's scope (text HTML-escaped as `page/infoByKey`). */
export interface ShareLinkPage {
  page_id: number;
  cat_id: number;
  page_title: string;
  page_content: string;
  author_username: string;
  addtime: string;
  attachment_count: number;
}
