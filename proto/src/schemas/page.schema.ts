import { z } from 'zod';
import { integer, requiredText, text } from '../validation';
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
/** Recycled pages are purged this long after their deletion ([HEAD] 30 days, contract §16). */
export const RECYCLE_RETENTION_SECONDS = 30 * 24 * 3600;
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
});
export type SavePageDto = z.output<typeof SavePageSchema>;

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
}

/** `page/info`: the row with `addtime` formatted, the attachment count and the share key (or ''). */
export interface PageInfo extends Omit<PageRow, 'addtime'> {
  addtime: string;
  attachment_count: number;
  unique_key: string;
}

/** `page/infoByKey`: no `item_id` / `cat_id` (contract §9.4). */
export type SharedPageInfo = Omit<PageInfo, 'item_id' | 'cat_id' | 'unique_key'>;

/** A previous version (`page/history`: `addtime` formatted, content raw). */
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

/** `page.item.copy`: how many catalogs and pages were copied. */
export interface CopiedItemPages {
  catalogs: number;
  pages: number;
}

/** `page.maintenance.purge`: how many recycled pages were removed for good. */
export interface PurgedPages {
  pages: number;
}
