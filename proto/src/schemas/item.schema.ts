import { z } from 'zod';
import type { Reply } from '../message';
import { integer, requiredText, text } from '../validation';
import type { Menu, PageRow } from './page.schema';

/**
 * Cross-service contracts of the item service. The endpoint schemas of item/* live
 * below them, in the same file (owned by the item service).
 */

export const ItemType = { Regular: 1, SinglePage: 2 } as const;
export type ItemType = (typeof ItemType)[keyof typeof ItemType];

export const MemberGroup = { ReadOnly: 0, Edit: 1 } as const;
export type MemberGroup = (typeof MemberGroup)[keyof typeof MemberGroup];

/** `item.access.check`: asked with the caller of the original request. */
export const CheckItemAccessSchema = z.object({ item_id: integer().pipe(z.number().min(0)) });
export type CheckItemAccessDto = z.output<typeof CheckItemAccessSchema>;

/**
 * What the caller may do with an item, answered fresh on every call (no cached rights).
 * A missing or deleted item answers `exists: false` and no rights.
 */
export interface ItemAccess {
  item_id: number;
  exists: boolean;
  item_name: string;
  /** Raw (unescaped), for documents built from the item (exports). */
  item_description: string;
  item_type: ItemType;
  /** Read pages: public item, creator, member, team member, or unlocked with the visit password. */
  visit: boolean;
  /** Write pages and catalogs: creator or edit member (team rights included); false when archived. */
  edit: boolean;
  /** The item's owner (true even when archived: content writes must also check `archived`). */
  creator: boolean;
  /** Archived items are read-only: no page, catalog or attachment may change. */
  archived: boolean;
  /** Has a visit password. */
  private: boolean;
}

/** `item.item.touch`: a page of the item changed. */
export const TouchItemSchema = z.object({ item_id: integer().pipe(z.number().min(1)) });
export type TouchItemDto = z.output<typeof TouchItemSchema>;

/** `item.item.rename`: the page of a single-page item was saved with this title. */
export const RenameItemSchema = z.object({ item_id: integer().pipe(z.number().min(1)), item_name: requiredText() });
export type RenameItemDto = z.output<typeof RenameItemSchema>;

/* ------------------------------------------------------------------------------------------
 * Endpoint schemas of item/* and the open API (owned by the item service).
 * ---------------------------------------------------------------------------------------- */

export const ITEM_NAME_MAX = 255;
export const ITEM_DESCRIPTION_MAX = 2000;
export const ITEM_DOMAIN_MAX = 64;
export const ITEM_PASSWORD_MAX = 128;
/** Longest keyword `item/info` searches for ([HEAD] truncates to 200 characters too). */
export const ITEM_KEYWORD_MAX = 200;
/** Longest `item/sort` data string (a JSON map of item ids to positions). */
export const ITEM_SORT_DATA_MAX = 200_000;

/** A required numeric id: absent, '' or 0 is 'required', a negative number 'out of range'. */
const id = () => integer(0).pipe(z.number().min(1, { error: (issue) => (issue.input === 0 ? 'param_required' : 'param_out_of_range') }));
const optionalId = () => integer(0).pipe(z.number().min(0));
const limitedText = (max: number) => text().pipe(z.string().max(max));
/** Text that may be absent (undefined: leave the field as it is) or present (even empty: overwrite it). */
const optionalText = (max: number) =>
  z.preprocess((v) => (v === null ? undefined : typeof v === 'number' || typeof v === 'boolean' ? String(v) : v), z.string({ error: 'param_not_text' }).max(max).optional());
/** An item named by numeric id or by personal domain (`item/info`, `item/pwd`). */
const itemRef = () => limitedText(ITEM_DOMAIN_MAX);

export const ItemIdSchema = z.object({ item_id: id() });
export type ItemIdDto = z.output<typeof ItemIdSchema>;

export const AddItemSchema = z.object({
  item_type: integer(ItemType.Regular).pipe(z.literal([ItemType.Regular, ItemType.SinglePage], { error: 'param_not_one_of' })),
  item_name: limitedText(ITEM_NAME_MAX),
  item_description: limitedText(ITEM_DESCRIPTION_MAX),
  password: limitedText(ITEM_PASSWORD_MAX),
  item_domain: limitedText(ITEM_DOMAIN_MAX),
  copy_item_id: optionalId(),
});
export type AddItemDto = z.output<typeof AddItemSchema>;

export const UnlockItemSchema = z.object({
  item_id: itemRef(),
  item_domain: itemRef(),
  page_id: optionalId(),
  password: limitedText(ITEM_PASSWORD_MAX),
  v_code: limitedText(16),
  refer_url: limitedText(2048),
});
export type UnlockItemDto = z.output<typeof UnlockItemSchema>;

/** `item/pwd`: where the browser goes once the item is unlocked (a path on this site, or ''). */
export interface UnlockedItem {
  refer_url: string;
}

export const ItemInfoSchema = z.object({
  item_id: itemRef(),
  item_domain: itemRef(),
  keyword: text().transform((s) => s.trim().slice(0, ITEM_KEYWORD_MAX)),
  default_page_id: optionalId(),
  page_id: optionalId(),
});
export type ItemInfoDto = z.output<typeof ItemInfoSchema>;

/** What `item/info` says of the item itself. */
export interface ItemInfoHead {
  item_id: number;
  item_domain: string;
  is_archived: 0 | 1;
  item_name: string;
}

/** What the caller may do with the item. */
export interface ItemInfoRights {
  is_login: boolean;
  /** May edit pages and catalogs (false when archived). */
  ItemPermn: boolean;
  ItemCreator: boolean;
}

/**
 * ShowDoc 3.x's fields (added after ShowDoc's [ERA] ones, which stay): `item_edit` / `item_manage` decide
 * whether its client shows the edit toolbar (both false when archived); `current_page_id` echoes `page_id`.
 */
export interface ItemInfoRights3x {
  item_edit: boolean;
  item_manage: boolean;
  current_page_id: number;
}

/** `item/info` of a regular item (contract §9.3). */
export type RegularItemInfo = ItemInfoHead & {
  default_page_id: string;
  default_cat_id2: number;
  default_cat_id3: number;
  default_cat_id4: number;
  unread_count: number;
  item_type: typeof ItemType.Regular;
  menu: Menu;
} & ItemInfoRights &
  ItemInfoRights3x;

/** `item/info` of a single-page item. */
export type SinglePageItemInfo = ItemInfoHead & {
  current_page_id: number;
  unread_count: number;
  item_type: typeof ItemType.SinglePage;
  /** One page object, not an array ([ERA] shape). */
  menu: { pages: PageRow | null };
} & ItemInfoRights &
  ItemInfoRights3x;

/**
 * Item info comes as JSON text (a regular item's menu is spliced in as the page service cached it),
 * with its version (the gateway's ETag) unless a keyword search shaped it.
 */
export type ItemInfoReply = Reply<SinglePageItemInfo> | Reply<RegularItemInfo>;

export const UpdateItemSchema = z.object({
  item_id: id(),
  item_name: optionalText(ITEM_NAME_MAX),
  item_description: optionalText(ITEM_DESCRIPTION_MAX),
  item_domain: optionalText(ITEM_DOMAIN_MAX),
  password: optionalText(ITEM_PASSWORD_MAX),
});
export type UpdateItemDto = z.output<typeof UpdateItemSchema>;

export const SortItemsSchema = z.object({ data: requiredText().pipe(z.string().max(ITEM_SORT_DATA_MAX)) });
export type SortItemsDto = z.output<typeof SortItemsSchema>;

/** `item/delete` and `item/archive`: the owner's login password confirms. */
export const ConfirmItemSchema = z.object({ item_id: id(), password: limitedText(1024) });
export type ConfirmItemDto = z.output<typeof ConfirmItemSchema>;

export const AttornItemSchema = z.object({
  item_id: id(),
  username: requiredText({ trim: true }).pipe(z.string().max(255)),
  password: limitedText(1024),
});
export type AttornItemDto = z.output<typeof AttornItemSchema>;

/** Open API credentials (contract §11); checked before anything else, so every field is lenient text. */
const openCredentials = { api_key: limitedText(255), api_token: limitedText(255) };

/** `item/updateByApi`, `open/updateItem`, `open/updatePage`. */
export const OpenUpdatePageSchema = z.object({
  ...openCredentials,
  page_title: text(),
  page_content: text(),
  cat_name: text(),
  cat_name_sub: text(),
  s_number: text(),
});
export type OpenUpdatePageDto = z.output<typeof OpenUpdatePageSchema>;

/** `open/updateDbItem`: a database dictionary as TSV (the `mysql -e` output of ShowDoc's script). */
export const OpenUpdateDbItemSchema = z.object({
  ...openCredentials,
  table_info: text(),
  table_detail: text(),
  cat_name: text(),
  s_number: text(),
});
export type OpenUpdateDbItemDto = z.output<typeof OpenUpdateDbItemSchema>;

/** `open/fromComments`: source text whose `/** … *\/` blocks tagged `showdoc` become pages. */
export const OpenFromCommentsSchema = z.object({ ...openCredentials, content: text() });
export type OpenFromCommentsDto = z.output<typeof OpenFromCommentsSchema>;

/** An entry of `item/myList` (no visit password). */
export interface ItemListEntry {
  item_id: number;
  uid: number;
  username: string;
  item_name: string;
  item_domain: string;
  item_type: ItemType;
  last_update_time: number;
  item_description: string;
  is_del: 0 | 1;
  is_archived: 0 | 1;
  is_private: 0 | 1;
  /** 1 when the caller created the item. */
  creator: 0 | 1;
  /** Present when the caller saved an order with `item/sort`. */
  s_number?: number;
}

/**
 * The full item row (`item/detail`, `item/attorn`), text escaped; the visit password is there for the
 * settings form. The item service stores these fields (raw) and a few of its own (ItemEntity).
 */
export interface ItemRow {
  item_id: number;
  item_name: string;
  item_description: string;
  /** The creator (owner); changes with `item/attorn`. */
  uid: number;
  username: string;
  /** '' = public. */
  password: string;
  addtime: number;
  last_update_time: number;
  item_domain: string;
  item_type: ItemType;
  is_archived: 0 | 1;
  is_del: 0 | 1;
}

/** An item's open-API credentials (contract §18 `item_token`): `item/getKey`, `item/resetKey`, stored as they are (ItemTokenEntity). */
export interface ItemTokenRow {
  id: number;
  item_id: number;
  api_key: string;
  api_token: string;
  addtime: number;
  last_check_time: number;
}

export interface AddedItem {
  item_id: number;
}

/** `item.maintenance.purge`: how many soft-deleted items were removed for good. */
export interface PurgedItems {
  purged: number;
}

/** `item.item.summaries`: the live items among `item_ids`, without visit passwords. */
export const ItemSummariesSchema = z.object({ item_ids: z.array(z.number().int().positive()).max(10_000) });
export type ItemSummariesDto = z.output<typeof ItemSummariesSchema>;

/** A live item as other services may show it: no visit password, text RAW (the presenting service escapes it). */
export interface ItemSummary {
  item_id: number;
  item_name: string;
  item_description: string;
  uid: number;
  username: string;
  item_domain: string;
  item_type: ItemType;
  addtime: number;
  last_update_time: number;
  is_archived: 0 | 1;
  is_private: 0 | 1;
}

/* Item members (contract §9.7, owned by the item service). */

export const MEMBER_USERNAME_MAX = 255;

/** `member/save`: an empty username is an unknown user (10209), as [ERA]. */
export const SaveMemberSchema = z.object({
  item_id: id(),
  username: text().pipe(z.string().max(MEMBER_USERNAME_MAX)),
  member_group_id: integer(MemberGroup.ReadOnly).pipe(z.literal([MemberGroup.ReadOnly, MemberGroup.Edit], { error: 'param_not_one_of' })),
});
export type SaveMemberDto = z.output<typeof SaveMemberSchema>;

export const DeleteMemberSchema = z.object({ item_id: id(), item_member_id: id() });
export type DeleteMemberDto = z.output<typeof DeleteMemberSchema>;

/** The `item_member` row (`member/save`; `addtime` raw): 1 edit, 0 read-only. Stored with a key of its own (MemberEntity). */
export interface MemberRow {
  item_member_id: number;
  item_id: number;
  uid: number;
  username: string;
  member_group_id: MemberGroup;
  addtime: number;
}

/** A `member/getList` entry: the row with the user's name, `addtime` formatted and the right as a word. */
export interface MemberListEntry extends Omit<MemberRow, 'addtime'> {
  addtime: string;
  name: string;
  /** `编辑` / `只读` (edit / read-only) in the server's language. */
  member_group: string;
}
