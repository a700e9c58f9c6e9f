import type { ExportFormat } from '@quire/proto';

/**
 * An export a user asked for (`export_jobs`): whose it is, what it exports, where its queue job and
 * its file are, and when the file expires (a day after it was asked for).
 */
export interface ExportJobEntity {
  /** Opaque, unguessable id the client follows (not the queue's id). */
  job_id: string;
  /** The JobQueue id ('' until queued). */
  queue_id: string;
  uid: number;
  item_id: number;
  cat_id: number;
  format: ExportFormat;
  /** The download's file name (`<item name>.docx`, `<item name>.zip`). */
  filename: string;
  blob_key: string;
  created_at: number;
  expires_at: number;
}
