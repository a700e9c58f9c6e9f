/** Job names for the JobQueue port; each has exactly one `@OnJob` handler in the process that consumes it. */
export const JobName = {
  SendMail: 'mail.send',
} as const;

export type JobName = (typeof JobName)[keyof typeof JobName];

export interface JobPayloads {
  [JobName.SendMail]: { to: string; subject: string; text: string; html?: string };
}
