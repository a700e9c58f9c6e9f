import { z } from 'zod';
import { integer, requiredText, text } from '../validation';
import type { ApiOperation } from './api-import.schema';
import { SEARCH_ITEM_PAGES_MAX } from './search.schema';

/**
 * Cross-service contracts of the page service. The endpoint schemas of page/*, catalog/*,
 * template/* and recycle/* live below them, in the same file (owned by the page service).
 */

/** A page in a menu (contract §9.3 PageNode). */
export interface MenuPage {
  page_id: number;
  author_uid: number;
  cat_id: number;
  page_title: string;
  addtime: number;
}

/** A catalog in a menu; `catalogs` is absent at level 4 (contract §9.3). */
export interface MenuCatalog {
  cat_id: number;
  cat_name: string;
  item_id: number;
  s_number: number;
  addtime: number;
  parent_cat_id: number;
  level: 2 | 3 | 4;
  pages: MenuPage[];
  catalogs?: MenuCatalog[];
}

export interface Menu {
  pages: MenuPage[];
  catalogs: MenuCatalog[];
}

/** `page.menu.get`: the whole menu of an item. */
export const GetMenuSchema = z.object({ item_id: integer().pipe(z.number().min(1)) });
export type GetMenuDto = z.output<typeof GetMenuSchema>;

/**
 * `page.menu.hits`: item/info's keyword answer, a flat list of the item's live pages among `page_ids`
 * (the search service's hits), in that order, with `catalogs: []`.
 */
export const GetMenuHitsSchema = z.object({
  item_id: integer().pipe(z.number().min(1)),
  page_ids: z.array(z.number().int().positive()).max(SEARCH_ITEM_PAGES_MAX),
});
export type GetMenuHitsDto = z.output<typeof GetMenuHitsSchema>;

/** `page.page.item` → `PageItemRef | null` for a live page. */
export const GetPageItemSchema = z.object({ page_id: integer().pipe(z.number().min(1)) });
export type GetPageItemDto = z.output<typeof GetPageItemSchema>;
export interface PageItemRef {
  item_id: number;
}

/** `page.item.singlePage` → the full page row of a single-page item, or null. */
export const GetSinglePageSchema = z.object({ item_id: integer().pipe(z.number().min(1)) });
export type GetSinglePageDto = z.output<typeof GetSinglePageSchema>;

/** `page.item.createFirstPage`: the welcome page of a new single-page item. */
export const CreateFirstPageSchema = z.object({ item_id: integer().pipe(z.number().min(1)), page_title: requiredText() });
export type CreateFirstPageDto = z.output<typeof CreateFirstPageSchema>;

/** `page.item.copy`: catalogs (with new ids) and live pages of one item into another. */
export const CopyItemPagesSchema = z.object({ from_item_id: integer().pipe(z.number().min(1)), to_item_id: integer().pipe(z.number().min(1)) });
export type CopyItemPagesDto = z.output<typeof CopyItemPagesSchema>;

/** `page.item.purge`: hard-delete pages, history, catalogs, attachments and share keys of an item. */
export const PurgeItemPagesSchema = z.object({ item_id: integer().pipe(z.number().min(1)) });
export type PurgeItemPagesDto = z.output<typeof PurgeItemPagesSchema>;

/** `page.page.upsertByTitle` (open API): find-or-create the catalog path, then the page by title in it. */
export const UpsertPageByTitleSchema = z.object({
  item_id: integer().pipe(z.number().min(1)),
  cat_name: text(),
  page_title: requiredText(),
  page_content: requiredText(),
  s_number: integer(99),
  author_username: text(),
});
export type UpsertPageByTitleDto = z.output<typeof UpsertPageByTitleSchema>;

// ---------------------------------------------------------------------------------------------
// Endpoint schemas of the page service: page/*, catalog/*, template/*, recycle/* (contract §9.4,
// §9.5, §9.9, §10). Ids are JSON numbers; text is returned HTML-escaped unless noted.
// ---------------------------------------------------------------------------------------------

/** Longest page title, catalog name, template title or change note Quire stores (ShowDoc had none). */
export const TITLE_MAX_LENGTH = 255;
/** Page history versions kept per page (contract §9.4). */
export const PAGE_HISTORY_KEPT = 20;
/** Days the recycle bin keeps a deletion when the administrator set none ([HEAD] 30 days, contract §16). */
export const RECYCLE_RETENTION_DAYS_DEFAULT = 30;
/** The longest retention an administrator may set (about ten years). */
export const RECYCLE_RETENTION_DAYS_MAX = 3650;
/** Catalog levels: 2 (top), 3, 4 — "3 levels" in the spec (contract §9.5). */
export const CATALOG_TOP_LEVEL = 2;
export const CATALOG_MAX_LEVEL = 4;

const optionalId = () => integer().pipe(z.number().min(0));
const requiredId = () => integer().pipe(z.number().min(1, { error: (issue) => (issue.input === 0 ? 'param_required' : 'param_out_of_range') }));
const title = () => text().pipe(z.string().max(TITLE_MAX_LENGTH));

export const PageInfoSchema = z.object({ page_id: requiredId() });
export type PageInfoDto = z.output<typeof PageInfoSchema>;

export const PageInfoByKeySchema = z.object({ unique_key: requiredText({ trim: true }).pipe(z.string().max(64)) });
export type PageInfoByKeyDto = z.output<typeof PageInfoByKeySchema>;

export const SavePageSchema = z.object({
  page_id: optionalId(),
  item_id: optionalId(),
  /** 0 = not sent: new pages get 99, updates keep theirs. Negative numbers are accepted (contract §15). */
  s_number: integer(),
  page_title: title(),
  /** Checked for emptiness after the optional URL-decoding (10103, contract §9.4). */
  page_content: text(),
  is_urlencode: integer().pipe(z.number().min(0).max(1)),
  cat_id: optionalId(),
  page_comments: title(),
  /**
   * Quire: the `content_hash` (page/info) of the version the sent content was edited from; '' = none, the
   * last writer wins. A save on an older base is three-way merged, or answered 10409 (docs/compatibility.md).
   */
  base_hash: text()
    .pipe(z.string().regex(/^(?:[0-9a-fA-F]{64})?$/, { error: 'page_base_hash_invalid' }))
    .transform((hash) => hash.toLowerCase()),
});
export type SavePageDto = z.output<typeof SavePageSchema>;

/** `base_hash` alone: the page service checks it first, with the validation code 10100 (ShowDoc's own parameters answer 10101). */
export const SavePageBaseSchema = SavePageSchema.pick({ base_hash: true });

/** The `data` of 10409 (EditConflict): the page as it is, and the content the refused save sent. */
export interface EditConflictData {
  current_content: string;
  current_hash: string;
  your_content: string;
}

export const DeletePageSchema = z.object({ page_id: requiredId() });
export type DeletePageDto = z.output<typeof DeletePageSchema>;

export const PageHistorySchema = z.object({ page_id: requiredId() });
export type PageHistoryDto = z.output<typeof PageHistorySchema>;

export const PageDiffSchema = z.object({ page_id: requiredId(), page_history_id: requiredId() });
export type PageDiffDto = z.output<typeof PageDiffSchema>;

/** `isCreateSiglePage` (sic): exactly 'true' turns the share link on (with a new key), anything else off. */
export const CreateSinglePageSchema = z.object({ page_id: requiredId(), isCreateSiglePage: text() });
export type CreateSinglePageDto = z.output<typeof CreateSinglePageSchema>;

/** `pages`: JSON object text `{"<page_id>": <s_number>, …}`. */
export const SortPagesSchema = z.object({ item_id: requiredId(), pages: requiredText() });
export type SortPagesDto = z.output<typeof SortPagesSchema>;

export const ListCatalogGroupSchema = z.object({ item_id: requiredId() });
export type ListCatalogGroupDto = z.output<typeof ListCatalogGroupSchema>;

export const GetDefaultCatalogSchema = z.object({
  page_id: optionalId(),
  item_id: optionalId(),
  copy_page_id: optionalId(),
  page_history_id: optionalId(),
});
export type GetDefaultCatalogDto = z.output<typeof GetDefaultCatalogSchema>;

export const SaveCatalogSchema = z.object({
  item_id: requiredId(),
  cat_id: optionalId(),
  parent_cat_id: optionalId(),
  /** Empty → 10101 with a message (ShowDoc answered an empty body). */
  cat_name: title(),
  s_number: integer(),
});
export type SaveCatalogDto = z.output<typeof SaveCatalogSchema>;

export const DeleteCatalogSchema = z.object({ item_id: optionalId(), cat_id: optionalId() });
export type DeleteCatalogDto = z.output<typeof DeleteCatalogSchema>;

/** `cats`: JSON array text of `{cat_id, cat_name, parent_cat_id, level, s_number}`. */
export const BatchUpdateCatalogsSchema = z.object({ item_id: requiredId(), cats: requiredText() });
export type BatchUpdateCatalogsDto = z.output<typeof BatchUpdateCatalogsSchema>;

/** One entry of `catalog/batUpdate`'s `cats`; `level` is recomputed from the parents, not trusted. */
export const BatchCatalogEntrySchema = z.object({
  cat_id: requiredId(),
  cat_name: title(),
  parent_cat_id: optionalId(),
  s_number: integer(),
});
export type BatchCatalogEntry = z.output<typeof BatchCatalogEntrySchema>;

export const CatalogPagesSchema = z.object({ item_id: requiredId(), cat_id: optionalId() });
export type CatalogPagesDto = z.output<typeof CatalogPagesSchema>;

export const SaveTemplateSchema = z.object({ template_title: title(), template_content: text() });
export type SaveTemplateDto = z.output<typeof SaveTemplateSchema>;

export const DeleteTemplateSchema = z.object({ id: requiredId() });
export type DeleteTemplateDto = z.output<typeof DeleteTemplateSchema>;

export const ListRecycleSchema = z.object({ item_id: requiredId() });
export type ListRecycleDto = z.output<typeof ListRecycleSchema>;

export const RecoverPageSchema = z.object({ item_id: requiredId(), page_id: requiredId() });
export type RecoverPageDto = z.output<typeof RecoverPageSchema>;

/** What a recycle-bin entry holds: one page, or a catalog with its sub-catalogs and their pages. */
export const RecycleKinds = ['page', 'catalog'] as const;
export type RecycleKind = (typeof RecycleKinds)[number];
const recycleKind = () => requiredText().pipe(z.enum(RecycleKinds, { error: 'param_not_one_of' }));

/** Quire `recycle/getBin`: the bin of an item, catalogs included. */
export const GetRecycleBinSchema = z.object({ item_id: requiredId() });
export type GetRecycleBinDto = z.output<typeof GetRecycleBinSchema>;

/** Quire `recycle/restore`: `id` is the page id of a page, the bin entry id of a catalog. */
export const RestoreRecycledSchema = z.object({ item_id: requiredId(), kind: recycleKind(), id: requiredId() });
export type RestoreRecycledDto = z.output<typeof RestoreRecycledSchema>;

/** Quire `recycle/purge`: one entry (`kind` and `id` as in restore), or the whole bin when both are absent. */
export const PurgeRecycledSchema = z.object({ item_id: requiredId(), kind: recycleKind().optional(), id: optionalId() });
export type PurgeRecycledDto = z.output<typeof PurgeRecycledSchema>;

/**
 * A page row (contract §18) as `page/save`, `page/diff` and `page.item.singlePage` return it: text
 * HTML-escaped, `addtime` raw (the last save, or deletion, time). The page service stores the same
 * document with its text raw (PageEntity).
 */
export interface PageRow {
  page_id: number;
  author_uid: number;
  author_username: string;
  item_id: number;
  cat_id: number;
  page_title: string;
  page_content: string;
  s_number: number;
  addtime: number;
  page_comments: string;
  /** 0 live, 1 in the recycle bin. */
  is_del: number;
  /** Quire: on a page generated from an API description (issue 19), the operation it documents. */
  api_operation?: ApiOperation;
}

/** `page/info`: the row with `addtime` formatted, the attachment count, the share key (or '') and the content's hash. */
export interface PageInfo extends Omit<PageRow, 'addtime'> {
  addtime: string;
  attachment_count: number;
  unique_key: string;
  /** Quire: hex SHA-256 of the raw Markdown (`page_content` before escaping): `page/save`'s `base_hash`. */
  content_hash: string;
}

/** `page/infoByKey`: no `item_id` / `cat_id` (contract §9.4), nor `content_hash` (a share link never saves). */
export type SharedPageInfo = Omit<PageInfo, 'item_id' | 'cat_id' | 'unique_key' | 'content_hash'>;

/** A previous version (`page/history`: `addtime` formatted, content raw). */
/** Someone who changed a version of a page in the live editor (the collab service's saves): its history row names them. */
export interface PageContributor {
  uid: number;
  username: string;
}

export interface PageHistoryRow {
  page_history_id: number;
  page_id: number;
  author_uid: number;
  author_username: string;
  item_id: number;
  cat_id: number;
  page_title: string;
  page_content: string;
  s_number: number;
  addtime: string;
  page_comments: string;
  /** Quire: everyone who changed this version in the live editor (co-editing); absent for versions saved otherwise. */
  contributors?: PageContributor[];
}

/** `page/diff`: both rows raw (`addtime` unix), both contents HTML-escaped. */
export interface PageDiff {
  page: PageRow;
  history_page: Omit<PageHistoryRow, 'addtime'> & { addtime: number };
}

export interface SinglePageKey {
  unique_key: string;
  page_id: number;
}

/**
 * A catalog row (`catalog/save`: name HTML-escaped, `addtime` raw); the page service stores the same
 * document with its name raw (CatalogEntity).
 */
export interface CatalogRow {
  cat_id: number;
  cat_name: string;
  item_id: number;
  s_number: number;
  addtime: number;
  /** 0 at the top. */
  parent_cat_id: number;
  /** 2 is the top, 4 the deepest. */
  level: number;
}

/** `catalog/catListGroup`: `addtime` formatted, children in `sub`. */
export interface CatalogGroup extends Omit<CatalogRow, 'addtime'> {
  addtime: string;
  sub: CatalogGroup[];
}

export interface DefaultCatalog {
  default_cat_id: number | null;
}

export interface CatalogPage {
  page_id: number;
  page_title: string;
  s_number: number;
}

/**
 * A personal page template (contract §9.9) as `template/save` returns it: `addtime` raw
 * (`template/getList` formats it), title escaped, content raw. Stored as this document, all raw (TemplateEntity).
 */
export interface TemplateRow {
  id: number;
  uid: number;
  username: string;
  template_title: string;
  template_content: string;
  addtime: number;
}

export interface TemplateListEntry extends Omit<TemplateRow, 'addtime'> {
  addtime: string;
}

export interface RecycleEntry {
  id: number;
  item_id: number;
  page_id: number;
  page_title: string;
  del_by_uid: number;
  del_by_username: string;
  del_time: string;
}

/** A deleted page in Quire's bin: `catalog_exists` 1 when its catalog is still there (a restore puts it back in it). */
export interface RecycledPageEntry extends RecycleEntry {
  cat_id: number;
  catalog_exists: 0 | 1;
}

/** A deleted catalog (with its sub-catalogs) in Quire's bin: `parent_exists` 1 when a restore puts it back under its parent. */
export interface RecycledCatalogEntry {
  id: number;
  item_id: number;
  cat_id: number;
  cat_name: string;
  parent_cat_id: number;
  parent_exists: 0 | 1;
  /** Sub-catalogs deleted with it. */
  sub_catalogs: number;
  /** Its pages (and its sub-catalogs') still in the bin. */
  pages: number;
  del_by_uid: number;
  del_by_username: string;
  del_time: string;
}

/** `recycle/getBin` data: newest deletion first; pages deleted with a catalog are counted in it, not listed. */
export interface RecycleBin {
  retention_days: number;
  catalogs: RecycledCatalogEntry[];
  pages: RecycledPageEntry[];
}

/** `recycle/restore` data: where it went (`cat_id` 0 = the item root) and whether that is its old place. */
export interface RestoredEntry {
  kind: RecycleKind;
  cat_id: number;
  to_old_place: 0 | 1;
}

/** `recycle/purge` data: how many pages and catalogs are gone for good. */
export interface PurgedEntries {
  pages: number;
  catalogs: number;
}

/** `page.item.copy`: how many catalogs and pages were copied. */
export interface CopiedItemPages {
  catalogs: number;
  pages: number;
}

/** `page.maintenance.purge`: how many recycled pages were removed for good. */
export interface PurgedPages {
  pages: number;
}
