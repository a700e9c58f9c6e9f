import type { Caller } from './message';
import type { ResyncApiDto } from './schemas/api-resync.schema';
import type { WebhookBody } from './schemas/webhook.schema';

/** Job names for the JobQueue port; each has exactly one `@OnJob` handler in the process that consumes it. */
export const JobName = {
  SendMail: 'mail.send',
  /** An item (or one catalog of it) rendered into a .docx in BlobStorage (issue 5). */
  ExportWord: 'export.word',
  /** An item as a zip of Markdown files in catalog folders, with its images. */
  ExportMarkdown: 'export.markdown',
  /** An item as a PDF printed by headless Chromium from the reader's renderer (issue 22). */
  ExportPdf: 'export.pdf',
  /** An item as an offline HTML site in a zip, drawn by the reader's renderer (issue 22). */
  ExportHtml: 'export.html',
  /** Scheduled hourly (one replica runs each): items past their retention, or left pending by a dead process, purged. */
  PurgeItems: 'item.purge-expired',
  /** Scheduled hourly: recycled pages past their retention purged, and uploads no page links removed. */
  SweepPages: 'page.sweep',
  /** Scheduled hourly: exported files a day old removed with their records. */
  SweepExports: 'export.sweep',
  /**
   * Scheduled (one replica runs each): a search replica whose index is built writes a copy of it to
   * BlobStorage, which a new replica loads instead of rebuilding from the pages.
   */
  SnapshotSearch: 'search.snapshot',
  /** A ShowDoc site uploaded in the console, imported (issue 16). */
  ImportShowdoc: 'import.showdoc',
  /**
   * Scheduled every few minutes (one replica runs each): when the administrator's `api_resync_schedule` (hourly, daily)
   * says a pass is due, every API description imported from a URL is re-synced.
   */
  ImportApiResync: 'import.api-resync',
  /** A re-sync a user started as a job (`importApi/resyncStart`): its progress and summary through `importApi/resyncStatus`. */
  ImportApiResyncRun: 'import.api-resync-run',
  /** One activity POSTed to one webhook (issue 20), retried with backoff; its id names the change and the hook, so replicas add it once. */
  DeliverWebhook: 'webhook.deliver',
  /** Scheduled hourly (one replica runs each): audit log entries older than `audit_retention_days` removed (issue 20). */
  SweepAuditLog: 'audit.sweep',
  /** Scheduled hourly (one replica runs each): the co-editing state kept for pages deleted since, removed. */
  SweepCollabDocuments: 'collab.sweep',
} as const;

export type JobName = (typeof JobName)[keyof typeof JobName];

export interface JobPayloads {
  [JobName.SendMail]: { to: string; subject: string; text: string; html?: string };
  [JobName.ExportWord]: ExportJobPayload;
  [JobName.ExportMarkdown]: ExportJobPayload;
  [JobName.ExportPdf]: ExportJobPayload;
  [JobName.ExportHtml]: ExportJobPayload;
  [JobName.PurgeItems]: ScheduledJobPayload;
  [JobName.SweepPages]: ScheduledJobPayload;
  [JobName.SweepExports]: ScheduledJobPayload;
  [JobName.SnapshotSearch]: ScheduledJobPayload;
  [JobName.ImportShowdoc]: ImportJobPayload;
  [JobName.ImportApiResync]: ScheduledJobPayload;
  [JobName.ImportApiResyncRun]: ApiResyncJobPayload;
  [JobName.DeliverWebhook]: WebhookJobPayload;
  [JobName.SweepAuditLog]: ScheduledJobPayload;
  [JobName.SweepCollabDocuments]: ScheduledJobPayload;
}

/** What a user's re-sync job carries: who started it (without the session token) and the call's params. */
export interface ApiResyncJobPayload {
  caller: Caller;
  params: ResyncApiDto;
}

/** What an import job carries: its record, and the administrator who started it (without the session token). */
export interface ImportJobPayload {
  import_id: string;
  caller: Caller;
}

/** A scheduled job carries nothing: each run does the whole sweep. */
export type ScheduledJobPayload = Record<string, never>;

/** What an export job carries: its record, and who asked for what (the caller without its session token). */
export interface ExportJobPayload {
  export_id: string;
  caller: Caller;
  item_id: number;
  cat_id: number;
}

/** What a webhook delivery carries: the hook (read again at each attempt: a hook deleted or turned off meanwhile is skipped) and the body to sign. */
export interface WebhookJobPayload {
  webhook_id: number;
  body: WebhookBody;
}
