import { z } from 'zod';
import { integer, text } from '../validation';
import { ACTIVITY_ACTIONS, type ActivityAction, type ActivityTargetType } from './activity.schema';

/**
 * The audit log (issue 20): the audit service (`services/audit`) records every activity of the ChangeFeed's
 * `activity` topic once, append-only, and keeps it for the `audit_retention_days` site option. An
 * administrator reads the whole log (`admin/auditLog`, `admin/auditLogCsv`); an item's owner reads their
 * item's entries (`item/auditLog`).
 */

/** Days the audit log keeps an entry when the administrator set nothing, and the most they may set. */
export const AUDIT_RETENTION_DAYS_DEFAULT = 365;
export const AUDIT_RETENTION_DAYS_MAX = 3650;
/** Entries per page when `count` is absent, and the most one page may ask. */
export const AUDIT_PAGE_SIZE = 20;
export const AUDIT_PAGE_SIZE_MAX = 100;
/** The most rows one CSV download holds (the newest that match). */
export const AUDIT_CSV_MAX_ROWS = 50_000;

/**
 * What the `action` filter takes: one action (`page.update`), or a subject for all its verbs (`page`).
 * '' is every action.
 */
export const AUDIT_ACTION_SUBJECTS = [...new Set(ACTIVITY_ACTIONS.map((action) => action.slice(0, action.indexOf('.'))))];

/** The actions an `action` filter names ('' → null: every action). */
export function auditActionsOf(filter: string): ActivityAction[] | null {
  if (filter === '') return null;
  return ACTIVITY_ACTIONS.filter((action) => action === filter || action.startsWith(`${filter}.`));
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A 'YYYY-MM-DD' day, or '' for no bound. */
const day = () =>
  text()
    .pipe(z.string().trim())
    .refine((value) => value === '' || (DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)), {
      error: 'audit_date_invalid',
    });

const filters = {
  /** The actor's username, exactly (case-insensitive); '' is everyone. A failed login is found by the name tried. */
  username: text().pipe(z.string().trim().max(200)),
  action: text()
    .pipe(z.string().trim())
    .refine((value) => value === '' || (auditActionsOf(value)?.length ?? 0) > 0, { error: 'audit_action_unknown' }),
  /** First and last day included, 'YYYY-MM-DD' (the server's time zone, as `addtime`). */
  date_from: day(),
  date_to: day(),
};

const paging = {
  page: integer(1).pipe(z.number().min(1, { error: 'param_out_of_range' })),
  count: integer(AUDIT_PAGE_SIZE).pipe(z.number().min(1, { error: 'param_out_of_range' }).max(AUDIT_PAGE_SIZE_MAX, { error: 'param_out_of_range' })),
};

const itemFilter = integer().pipe(z.number().min(0, { error: 'param_out_of_range' }));

/** `admin/auditLog`: the whole log, newest first; `item_id` 0 is every item and the site-wide entries. */
export const ListAuditLogSchema = z.object({ ...filters, item_id: itemFilter, ...paging });
export type ListAuditLogDto = z.output<typeof ListAuditLogSchema>;

/** `admin/auditLogCsv` (a GET download): the same filters, no paging (the newest AUDIT_CSV_MAX_ROWS). */
export const AuditLogCsvSchema = z.object({ ...filters, item_id: itemFilter });
export type AuditLogCsvDto = z.output<typeof AuditLogCsvSchema>;

/** `item/auditLog`: one item's entries, for its owner (or an administrator). */
export const ListItemAuditLogSchema = z.object({
  ...filters,
  item_id: integer().pipe(z.number().min(1, { error: (issue) => (issue.input === 0 ? 'param_required' : 'param_out_of_range') })),
  ...paging,
});
export type ListItemAuditLogDto = z.output<typeof ListItemAuditLogSchema>;

/** One entry as the log answers it; texts HTML-escaped as every list of the API (the CSV carries them raw). */
export interface AuditEntryRow {
  entry_id: string;
  action: ActivityAction;
  actor_uid: number;
  actor_username: string;
  ip: string;
  item_id: number;
  target_type: ActivityTargetType;
  target_id: string;
  target_name: string;
  /** A few facts, as recorded (never secrets). */
  detail: Record<string, string | number | boolean>;
  /** Unix seconds. */
  time: number;
  /** `time` as 'YYYY-MM-DD HH:mm:ss' (server time). */
  addtime: string;
}

export interface AuditLogPage {
  total: number;
  page: number;
  count: number;
  entries: AuditEntryRow[];
}

/** The scheduled removal of entries older than the retention (`audit.maintenance.purge`). */
export interface PurgedAuditEntries {
  entries: number;
}
