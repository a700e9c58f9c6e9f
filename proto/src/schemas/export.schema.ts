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
export const ExportFormats = ['word', 'markdown', 'pdf', 'html'] as const;
export type ExportFormat = (typeof ExportFormats)[number];

/** `export/start` {item_id, cat_id, format ('word' by default, 'markdown', 'pdf' or 'html')} → `{ job_id }`. */
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

/**
 * The export renderer (web/export-render.html, issue 22): the reader's Markdown renderer and stylesheet
 * in a page of their own, which the export worker opens in headless Chromium for the PDF and the
 * offline HTML site. It exposes `window.quireExport` ({@link ExportRenderApi}).
 */
export const EXPORT_RENDER_PAGE = 'export-render.html';

/** What a rendered document writes itself, in the server's language. */
export interface ExportRenderTexts {
  contents: string;
  empty: string;
  /** The cover's line naming the exported catalog ('' for a whole item). */
  catalog: string;
  exported: string;
  /** An image that cannot be shown: `{alt}` is replaced by its text. */
  imageMissing: string;
}

/** The document's frame: the cover, the table of contents (PDF), the language. */
export interface ExportRenderDocument {
  lang: string;
  itemName: string;
  description: string;
  texts: ExportRenderTexts;
  /** Cover and table of contents (the PDF); the HTML site renders pages alone. */
  frame: boolean;
}

/** A catalog or a page, in reading order; a page carries its Markdown. */
export interface ExportRenderEntry {
  kind: 'catalog' | 'page';
  /** The element id (PDF anchor, HTML file). */
  anchor: string;
  /** The heading as shown (`1.2 Title`, `1.2、标题`). */
  heading: string;
  /** 1 (a root page or a top catalog) to 4. */
  level: number;
  markdown?: string;
  /** A note under the page (a page cut short). */
  note?: string;
}

/** A rendered page, for the HTML site: the reader's `.markdown-body` HTML and its text for the search index. */
export interface ExportRenderedPage {
  anchor: string;
  html: string;
  text: string;
}

/** A Mermaid diagram or a formula Word shows as a picture, drawn by the reader's renderer. */
export interface ExportRenderFigure {
  id: string;
  kind: 'mermaid' | 'math' | 'inlineMath';
  source: string;
}

/** A PDF bookmark: a catalog, a page or one of a page's own headings, with the element id it points to. */
export interface ExportRenderBookmark {
  anchor: string;
  title: string;
  /** 1 (a root page or a top catalog) to 6; a bookmark nests under the closest one before it of a lower level. */
  level: number;
}

export interface ExportRenderApi {
  /** The document's frame (the cover and an empty table of contents when `frame`). */
  start(document: ExportRenderDocument): void;
  /** Every entry as a line of the table of contents (or its "empty" note); links to them resolve in every print. */
  contents(entries: ExportRenderEntry[]): void;
  /** Every entry's anchor without the contents (a renderer that prints one part of the PDF): links to them resolve. */
  targets(anchors: string[]): void;
  /** Renders entries and appends them; `settle` waits for highlighting, math and diagrams. */
  add(entries: ExportRenderEntry[]): void;
  /**
   * Waits for highlighting, math, diagrams and images. With a frame it also readies the document to print as one
   * part of the PDF: each drawn entry and heading gets a named destination, and a link to an entry drawn in another
   * part gets a stand-in target, so Chromium keeps the link (the merged PDF points it at the right page).
   */
  settle(): Promise<void>;
  /** The drawn entries and their pages' headings, in reading order (the PDF prints a part at a time). */
  bookmarks(): ExportRenderBookmark[];
  /** Removes everything drawn, keeping the document (the PDF prints the front matter and the entries in parts). */
  clear(): void;
  /** The table of contents' page numbers, by anchor (the PDF's second pass). */
  setPageNumbers(numbers: Record<string, number>): void;
  /** Draws each figure as the reader draws it (after `start`, replacing what is drawn); `settle` waits for them. */
  figures(figures: ExportRenderFigure[]): void;
  /** Where each figure drew, in CSS pixels from the document's top left, by id; an invalid diagram (shown as its text) is absent. */
  figureClips(): Record<string, { x: number; y: number; width: number; height: number }>;
  /** The rendered pages so far, then removed from the document (the HTML site takes them a batch at a time). */
  takePages(): ExportRenderedPage[];
  /**
   * Every style rule of the page (the reader's theme and stylesheet, KaTeX's) and the class names of the
   * elements around the rendered pages, outermost first: the HTML site wraps its pages in the same.
   */
  styles(): { css: string; wrappers: string[] };
}
