import type { Caller } from './message';

/** Job names for the JobQueue port; each has exactly one `@OnJob` handler in the process that consumes it. */
export const JobName = {
  SendMail: 'mail.send',
  /** An item (or one catalog of it) rendered into a .docx in BlobStorage (issue 5). */
  ExportWord: 'export.word',
  /** An item as a zip of Markdown files in catalog folders, with its images. */
  ExportMarkdown: 'export.markdown',
} as const;

export type JobName = (typeof JobName)[keyof typeof JobName];

export interface JobPayloads {
  [JobName.SendMail]: { to: string; subject: string; text: string; html?: string };
  [JobName.ExportWord]: ExportJobPayload;
  [JobName.ExportMarkdown]: ExportJobPayload;
}

/** What an export job carries: its record, and who asked for what (the caller without its session token). */
export interface ExportJobPayload {
  export_id: string;
  caller: Caller;
  item_id: number;
  cat_id: number;
}
