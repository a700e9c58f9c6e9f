import { formatTime } from '@quire/proto';
import type { AuditEntryEntity } from '../entry/audit-entry.entity';

/** The CSV's columns, in order. */
export const AUDIT_CSV_HEADER = ['time', 'action', 'actor_uid', 'actor', 'ip', 'item_id', 'target_type', 'target_id', 'target', 'detail'] as const;

/** A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, or a tab or carriage return first). */
const FORMULA = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break; a cell a spreadsheet would
 * take for a formula is prefixed with `'` (OWASP's CSV injection advice), so it opens as the text it was.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && FORMULA.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The entries as CSV text (raw texts, not HTML-escaped), with a header row and a BOM so spreadsheets read UTF-8. */
export function auditCsv(entries: AuditEntryEntity[]): string {
  const rows = entries.map((entry) =>
    [
      formatTime(Math.floor(entry.time / 1000)),
      entry.action,
      entry.actor_uid,
      entry.actor_username,
      entry.ip,
      entry.item_id,
      entry.target_type,
      entry.target_id,
      entry.target_name,
      Object.keys(entry.detail).length > 0 ? JSON.stringify(entry.detail) : '',
    ]
      .map(csvCell)
      .join(','),
  );
  return `\uFEFF${[AUDIT_CSV_HEADER.join(','), ...rows].join('\r\n')}\r\n`;
}
