import { z } from 'zod';
import { integer, text } from '../validation';
import { API_IMPORT_MAX_BYTES, ApiOperationSchema, type ApiOperation } from './api-import.schema';
import { UPLOAD_KEY_PATTERN } from './attachment.schema';

/**
 * Re-sync of imported API descriptions (issue 19): an item (or one of its catalogs) remembers where its operations came
 * from (a URL, or the last uploaded document kept in BlobStorage); a re-sync reads the document again and rewrites only
 * what changed, answering (and keeping, and telling the item's members) a summary of the operations added, changed and
 * removed.
 */

/**
 * The line that ends a generated page's generated part: a re-sync replaces what is above it and keeps what a person
 * wrote below. An HTML comment, so the reader shows nothing (the Markdown sanitizer drops comments).
 */
export const API_GENERATED_END = '<!-- quire:api-generated-end -->';

/** How often an administrator lets the server re-sync remembered URLs by itself (site option `api_resync_schedule`). */
export const ApiResyncSchedules = ['off', 'hourly', 'daily'] as const;
export type ApiResyncSchedule = (typeof ApiResyncSchedules)[number];
export const API_RESYNC_PERIOD_MS: Record<Exclude<ApiResyncSchedule, 'off'>, number> = { hourly: 3600_000, daily: 24 * 3600_000 };

/** The most re-sync summaries an item keeps (older ones are dropped). */
export const API_RESYNC_HISTORY_KEPT = 50;

const id = () => z.number().int().positive();
const optionalId = () => integer().pipe(z.number().min(0, { error: 'param_out_of_range' }));
const upload = () =>
  z
    .object({
      key: z.string().regex(UPLOAD_KEY_PATTERN),
      name: z.string().max(10_000),
      size: z.number().int().min(0).max(API_IMPORT_MAX_BYTES),
      detectedType: z.string().min(1).max(255),
    })
    .optional();
const optionalUrl = () => text().pipe(z.string().trim().max(4000));

/** `importApi/resync`: the item's (or catalog's) remembered source read again; a new `file` or `url` replaces it. */
export const ResyncApiSchema = z.object({
  item_id: integer().pipe(z.number().min(1, { error: 'param_required' })),
  /** The catalog an import went into (0 / absent: the item's only source, or its top). */
  cat_id: optionalId(),
  url: optionalUrl(),
  file: upload(),
});
export type ResyncApiDto = z.output<typeof ResyncApiSchema>;

/** `importApi/resyncStatus`: a re-sync started as a job (`importApi/resyncStart`, the same params as `importApi/resync`). */
export const ApiResyncStatusSchema = z.object({ job_id: text().pipe(z.string().trim().min(1, { error: 'param_required' }).max(100)) });
export type ApiResyncStatusDto = z.output<typeof ApiResyncStatusSchema>;

/** A re-sync run as a job: its state, its progress (0–100), then its summary or its failure. */
export interface ApiResyncJob {
  job_id: string;
  state: 'waiting' | 'active' | 'completed' | 'failed';
  progress: number;
  summary?: ApiResyncSummary;
  error?: string;
}

/** `open/resyncApi` (CI): the same with the item's `api_key` and `api_token` instead of a session. */
export const OpenResyncApiSchema = z.object({
  api_key: text().pipe(z.string().max(255)),
  api_token: text().pipe(z.string().max(255)),
  cat_id: optionalId(),
  url: optionalUrl(),
  file: upload(),
});
export type OpenResyncApiDto = z.output<typeof OpenResyncApiSchema>;

/** `importApi/history`: the item's re-sync summaries, newest first. */
export const ApiResyncHistorySchema = z.object({ item_id: integer().pipe(z.number().min(1, { error: 'param_required' })) });
export type ApiResyncHistoryDto = z.output<typeof ApiResyncHistorySchema>;

/** `importApi/sources`: where the item's imported API descriptions come from (one per import target). */
export interface ApiSourceInfo {
  /** The import's target catalog (0: the item's top). */
  cat_id: number;
  /** `url`: fetched again at each re-sync; `upload`: the last uploaded file, kept. */
  kind: 'url' | 'upload';
  /** The URL, or the uploaded file's name. */
  origin: string;
  /** Unix seconds of the last import or re-sync. */
  synced_at: number;
}

/** One field-level difference of an operation between two versions of its document. */
export interface ApiFieldChange {
  kind:
    | 'parameter_added'
    | 'parameter_removed'
    | 'parameter_type'
    | 'parameter_required'
    | 'request_body_added'
    | 'request_body_removed'
    | 'request_body_required'
    | 'request_body_changed'
    | 'response_added'
    | 'response_removed'
    | 'response_changed'
    | 'deprecated'
    | 'security'
    | 'summary'
    | 'description'
    | 'documentation';
  /** The parameter (`query id`), media type or status it is about, when it is about one. */
  name?: string;
  from?: string;
  to?: string;
}

export interface ApiResyncOperation {
  method: string;
  path: string;
  page_id: number;
  page_title: string;
  /** Changed operations only: what changed. */
  changes?: ApiFieldChange[];
}

/** What a re-sync did (or, unchanged, did not do). */
export interface ApiResyncSummary {
  item_id: number;
  cat_id: number;
  /** The document gave the same operations: nothing was written. */
  unchanged: boolean;
  added: ApiResyncOperation[];
  changed: ApiResyncOperation[];
  removed: ApiResyncOperation[];
  /** Who or what started it. */
  trigger: 'user' | 'ci' | 'schedule';
  /** The user's name, `API` for CI, `schedule`. */
  by: string;
  /** Where the document came from. */
  origin: string;
  at: number;
}

/** `adminImport/apiResync`: one scheduled pass run now (nothing when the schedule is `off`). */
export interface ApiResyncPass {
  schedule: ApiResyncSchedule;
  /** Remembered URL sources read. */
  sources: number;
  /** Of them, those whose pages changed. */
  changed: number;
  failed: number;
}

/** `page.import.apiPages`: the generated pages under an import's target, a batch after `after_page_id`. */
export const ApiPagesSchema = z.object({
  item_id: id(),
  cat_id: z.number().int().min(0),
  after_page_id: z.number().int().min(0).default(0),
});
export type ApiPagesDto = z.output<typeof ApiPagesSchema>;

export interface ApiPageState {
  page_id: number;
  cat_id: number;
  page_title: string;
  /** sha256 (hex) of the page's generated part (its content above API_GENERATED_END, or all of it without one). */
  generated_hash: string;
  api_operation: ApiOperation;
}

export interface ApiPagesBatch {
  pages: ApiPageState[];
  /** The next batch's `after_page_id`; 0 when this was the last. */
  next: number;
  /** The target's level: 1 for the item's top, the catalog's (2 to 4), 0 when the item has no such catalog. */
  cat_level: number;
}

/** `page.import.apiResync`: one batch of a re-sync's page writes (each update is a revision; removals go to the recycle bin). */
export const ApplyApiResyncSchema = z.object({
  item_id: id(),
  cat_id: z.number().int().min(0),
  author: z.object({ uid: z.number().int().min(0), username: z.string().max(255) }),
  updates: z
    .array(z.object({ page_id: id(), page_title: z.string().max(2000), generated: z.string().max(API_IMPORT_MAX_BYTES), api_operation: ApiOperationSchema }))
    .max(5000)
    .default([]),
  creates: z
    .array(
      z.object({
        cat_path: z.array(z.string().min(1).max(2000)).max(3),
        page_title: z.string().max(2000),
        generated: z.string().max(API_IMPORT_MAX_BYTES),
        s_number: z.number().int(),
        api_operation: ApiOperationSchema,
      }),
    )
    .max(5000)
    .default([]),
  removes: z.array(id()).max(5000).default([]),
});
export type ApplyApiResyncDto = z.output<typeof ApplyApiResyncSchema>;

export interface AppliedApiResync {
  updated: number;
  /** The new pages' ids, in the order of `creates`. */
  created: number[];
  removed: number;
}

/** `item.open.authorize`: the item an open-API key pair opens (item_id 0 when none). */
export const AuthorizeApiKeySchema = z.object({ api_key: z.string().max(255), api_token: z.string().max(255) });
export type AuthorizeApiKeyDto = z.output<typeof AuthorizeApiKeySchema>;
export interface AuthorizedItem {
  item_id: number;
  archived: boolean;
  /** The item's owner, in whose name CI re-syncs write. */
  uid: number;
  username: string;
}

/** `item.import.audience`: who hears of an item's changes (its owner and members). */
export const ItemAudienceSchema = z.object({ item_id: id() });
export type ItemAudienceDto = z.output<typeof ItemAudienceSchema>;

/** A generated page's generated part: its content above API_GENERATED_END (all of it without one), trailing space dropped. */
export function apiGeneratedPart(content: string): string {
  const end = content.indexOf(API_GENERATED_END);
  return (end < 0 ? content : content.slice(0, end)).trimEnd();
}

/**
 * A generated page's content: `generated`, the marker line, then what a person wrote below the marker of `previous`
 * (a page without a marker keeps nothing: all of it was generated).
 */
export function withGeneratedPart(generated: string, previous = ''): string {
  const end = previous.indexOf(API_GENERATED_END);
  const below = end < 0 ? '\n' : previous.slice(end + API_GENERATED_END.length);
  return `${generated.trimEnd()}\n\n${API_GENERATED_END}${below.startsWith('\n') ? below : `\n${below}`}`;
}
