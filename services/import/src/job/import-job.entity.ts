import type { ImportStatus } from '@quire/proto';

/** An import an administrator started in the console (`import_jobs`): its upload, its progress and its report. */
export interface ImportJobEntity {
  /** Opaque, unguessable id the console follows. */
  import_id: string;
  /** The JobQueue id ('' until queued). */
  queue_id: string;
  uid: number;
  /** The uploaded database or zip (removed once the job has read it). */
  upload_key: string;
  upload_name: string;
  dry_run: boolean;
  state: ImportStatus['state'];
  done: number;
  total: number;
  /** The per-kind summary when done; why, when failed. */
  summary: string;
  /** `imports/<id>/report` (.json and .txt) once done. */
  report_key: string;
  created_at: number;
}
