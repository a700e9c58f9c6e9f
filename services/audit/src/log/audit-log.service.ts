import { Injectable } from '@nestjs/common';
import { BlobStorage } from '@quire/platform';
import {
  AppError,
  AUDIT_CSV_MAX_ROWS,
  auditActionsOf,
  type AuditEntryRow,
  type AuditLogCsvDto,
  type AuditLogPage,
  type Caller,
  ErrorCode,
  escapeHtml,
  formatTime,
  type ListAuditLogDto,
  type ListItemAuditLogDto,
  Reply,
  requireAdmin,
} from '@quire/proto';
import { ItemClient } from '../clients/item.client';
import type { AuditEntryEntity } from '../entry/audit-entry.entity';
import { type AuditQuery, AuditEntryRepository } from '../entry/audit-entry.repository';
import { auditCsv } from './audit-csv';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The first millisecond of a 'YYYY-MM-DD' day in the server's time zone (as `addtime` shows times). */
function startOfDay(day: string): number {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year, month - 1, date).getTime();
}

/** The filters of a request as a query of the log. */
function queryOf(dto: Pick<ListAuditLogDto, 'username' | 'action' | 'date_from' | 'date_to' | 'item_id'>): AuditQuery {
  return {
    username: dto.username,
    itemId: dto.item_id,
    actions: auditActionsOf(dto.action),
    from: dto.date_from === '' ? undefined : startOfDay(dto.date_from),
    to: dto.date_to === '' ? undefined : startOfDay(dto.date_to) + DAY_MS - 1,
  };
}

function toRow(entry: AuditEntryEntity): AuditEntryRow {
  const seconds = Math.floor(entry.time / 1000);
  return {
    entry_id: entry.entry_key,
    action: entry.action,
    actor_uid: entry.actor_uid,
    actor_username: escapeHtml(entry.actor_username),
    ip: escapeHtml(entry.ip),
    item_id: entry.item_id,
    target_type: entry.target_type,
    target_id: escapeHtml(entry.target_id),
    target_name: escapeHtml(entry.target_name),
    detail: Object.fromEntries(Object.entries(entry.detail).map(([key, value]) => [key, typeof value === 'string' ? escapeHtml(value) : value])),
    time: seconds,
    addtime: formatTime(seconds),
  };
}

/** Reading the audit log: administrators the whole of it (and as a CSV), an item's owner their item's entries. */
@Injectable()
export class AuditLogService {
  constructor(
    private readonly entries: AuditEntryRepository,
    private readonly items: ItemClient,
    private readonly blobs: BlobStorage,
  ) {}

  /** `admin/auditLog`: newest first, one page. */
  async list(caller: Caller, dto: ListAuditLogDto): Promise<AuditLogPage> {
    requireAdmin(caller);
    return this.page(queryOf(dto), dto.page, dto.count);
  }

  /** `item/auditLog`: the item's entries, for its owner or an administrator. */
  async ofItem(caller: Caller, dto: ListItemAuditLogDto): Promise<AuditLogPage> {
    if (!caller || caller.uid <= 0) throw new AppError(ErrorCode.NotLoggedIn, 'not_logged_in');
    if (caller.groupid !== 1) {
      const access = await this.items.access(caller, dto.item_id);
      if (!access.exists) throw AppError.failed('item_not_exist');
      if (!access.creator) throw new AppError(ErrorCode.NoPermission, 'audit_item_denied');
    }
    return this.page(queryOf(dto), dto.page, dto.count);
  }

  /**
   * `admin/auditLogCsv`: the newest AUDIT_CSV_MAX_ROWS entries that match, as a download. The file goes through
   * BlobStorage (bytes never cross the transport); each administrator has one, replaced by their next download.
   */
  async csv(caller: Caller, dto: AuditLogCsvDto): Promise<Reply<never>> {
    requireAdmin(caller);
    const rows = await this.entries.page(queryOf(dto), 0, AUDIT_CSV_MAX_ROWS);
    const key = `exports/audit/admin-${caller.uid}.csv`;
    const contentType = 'text/csv; charset=utf-8';
    await this.blobs.put(key, Buffer.from(auditCsv(rows), 'utf8'), contentType);
    const today = formatTime(Math.floor(Date.now() / 1000)).slice(0, 10);
    return Reply.blob({ key, contentType, filename: `audit-log-${today}.csv`, inline: false });
  }

  private async page(query: AuditQuery, page: number, count: number): Promise<AuditLogPage> {
    const [total, rows] = await Promise.all([this.entries.count(query), this.entries.page(query, (page - 1) * count, count)]);
    return { total, page, count, entries: rows.map(toRow) };
  }
}
