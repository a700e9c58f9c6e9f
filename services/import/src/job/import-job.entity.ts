import type { ImportKind, ImportStatus, ImportTally } from '@quire/proto';

/** An import an administrator started in the console (`import_jobs`): its upload, its progress and its report. */
export interface ImportJobEntity {
  /** Opaque, unguessable id the console follows. */
  import_id: string;
  /** The JobQueue id ('' until queued). */
  queue_id: string;
  uid: number;
  /** The uploaded database, or the zip of the site holding it (removed once the job has read it). */
  upload_key: string;
  upload_name: string;
  /** The uploaded zip of `Public/Uploads`, when given apart from the database ('' otherwise; removed likewise). */
  uploads_key: string;
  uploads_name: string;
  dry_run: boolean;
  state: ImportStatus['state'];
  done: number;
  total: number;
  /** Per kind, what happened to its rows, when done. */
  counts: Record<ImportKind, ImportTally> | null;
  /** Why, when failed ('' otherwise). */
  error: string;
  /** `imports/<id>/report` (.json and .txt) once done. */
  report_key: string;
  created_at: number;
}
