import { z } from 'zod';
import { integer, text } from '../validation';
import type { ItemAccess } from './item.schema';

/**
 * The export service's endpoints (`export/word`, `export/start`, `export/status`,
 * `export/download`, `export/markdown`; contract §9.6, §12) and the page service's internal
 * subjects an export reads through (`page.export.outline`, `page.export.content`,
 * `page.attachment.resolve`).
 */

const requiredId = () => integer().pipe(z.number().min(1, { error: 'param_required' }));
const optionalId = () => integer().pipe(z.number().min(0, { error: 'param_out_of_range' }));

/** What to export: a whole item (`cat_id` 0 or absent) or one catalog with its sub-catalogs. */
export const ExportTargetSchema = z.object({ item_id: requiredId(), cat_id: optionalId() });
export type ExportTargetDto = z.output<typeof ExportTargetSchema>;

/** The formats an export job produces. */
export const ExportFormats = ['word', 'markdown'] as const;
export type ExportFormat = (typeof ExportFormats)[number];

/** `export/start` {item_id, cat_id, format ('word' by default, or 'markdown')} → `{ job_id }`. */
export const StartExportSchema = ExportTargetSchema.extend({
  format: z.preprocess((v) => (v === undefined || v === null || v === '' ? 'word' : v), z.enum(ExportFormats, { error: 'param_not_one_of' })),
});
export type StartExportDto = z.output<typeof StartExportSchema>;

/** `export/status` and `export/download` {job_id}. */
export const ExportJobIdSchema = z.object({ job_id: text().pipe(z.string().min(1, { error: 'param_required' }).max(64)) });
export type ExportJobIdDto = z.output<typeof ExportJobIdSchema>;

export interface StartedExport {
  job_id: string;
}

export type ExportState = 'waiting' | 'active' | 'completed' | 'failed';

/** `export/status` → the job's state, its progress (0–100, pages done / total) and, once failed, why. */
export interface ExportStatus {
  job_id: string;
  format: ExportFormat;
  state: ExportState;
  progress: number;
  /** Tries made so far (a failed try is retried twice, then the job fails). */
  attempts: number;
  error?: string;
}

/** `page.export.outline` {item_id, cat_id}: what an export walks, in menu order (contract §15). Text is raw. */
export const ExportOutlineSchema = ExportTargetSchema;
export type ExportOutlineDto = ExportTargetDto;

export interface ExportPageRef {
  page_id: number;
  page_title: string;
}

export interface ExportCatalogNode {
  cat_id: number;
  cat_name: string;
  /** 2 (top) to 4. */
  level: number;
  pages: ExportPageRef[];
  catalogs: ExportCatalogNode[];
}

/**
 * The chosen part of an item: its root pages and top catalogs, or, for one catalog (contract §12),
 * that catalog's pages and its sub-catalogs, with `cat_name` naming it.
 */
export interface ExportOutline {
  item_id: number;
  cat_id: number;
  cat_name: string;
  pages: ExportPageRef[];
  catalogs: ExportCatalogNode[];
  page_count: number;
}

/** At most this many page ids per `page.export.content` call. */
export const EXPORT_CONTENT_MAX_IDS = 200;

/**
 * `page.export.content` {item_id, page_ids, start}: the content of live pages of the item, in the
 * order asked, from character `start` of the first one. A reply stays under a transport message
 * (NATS carries 1 MB), so a long page comes in pieces: ask again from where a piece ended.
 */
export const ExportContentSchema = z.object({
  item_id: requiredId(),
  page_ids: z.array(z.number().int().min(1)).min(1).max(EXPORT_CONTENT_MAX_IDS),
  start: integer().pipe(z.number().min(0)),
});
export type ExportContentDto = z.output<typeof ExportContentSchema>;

/** A piece of a page: `content` is characters `start` to `start + content.length` of `total`; a missing page has `total` 0. */
export interface ExportContentPiece {
  page_id: number;
  start: number;
  total: number;
  content: string;
}

export interface ExportContent {
  pieces: ExportContentPiece[];
}

/** `page.attachment.resolve` {signs}: the stored files behind attachment links the caller may read. */
export const ResolveAttachmentsSchema = z.object({
  signs: z.array(z.string().regex(/^[a-f0-9]{32}$/)).max(500),
});
export type ResolveAttachmentsDto = z.output<typeof ResolveAttachmentsSchema>;

export interface ResolvedAttachment {
  sign: string;
  key: string;
  content_type: string;
  size: number;
  display_name: string;
}

/** The attachment sign in a link Quire or ShowDoc wrote (`…/attachment/visitFile&sign=<32 hex>`), or ''. */
export function attachmentSignOf(url: string): string {
  if (!/visitfile/i.test(url)) return '';
  return /[?&]sign=([a-f0-9]{32})(?![a-f0-9])/i.exec(url)?.[1].toLowerCase() ?? '';
}

/**
 * Who may export (contract §9.6: ItemPermn): the creator or an edit member. An archived item
 * reports no edit right to anyone, so its creator keeps the export (it only reads).
 */
export function mayExport(access: ItemAccess): boolean {
  return access.exists && (access.edit || (access.archived && access.creator));
}
