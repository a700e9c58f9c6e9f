import type { AuditEntryRow, AuditLogPage } from '@quire/proto';
import useSWR from 'swr';
import { apiRequest, apiUrl } from '../../../lib/api-client';

export type { AuditEntryRow, AuditLogPage };

/** The filters of the log, as typed ('' for none). */
export interface AuditFilters {
  username: string;
  action: string;
  /** 'YYYY-MM-DD'. */
  date_from: string;
  date_to: string;
  /** The administrator's item filter, as typed; '' for every item. */
  item_id: string;
}

export interface AuditLogQuery extends AuditFilters {
  page: number;
  count: number;
}

/** `admin/auditLog`: one page of the whole log, newest first (administrators). */
export function getAuditLog(query: AuditLogQuery): Promise<AuditLogPage> {
  return apiRequest<AuditLogPage>('admin/auditLog', { ...query });
}

export const auditLogKey = (query: AuditLogQuery) => ['admin/auditLog', { ...query }] as const;

export function useAuditLog(query: AuditLogQuery) {
  return useSWR(auditLogKey(query), () => getAuditLog(query), { keepPreviousData: true });
}

/** `admin/auditLogCsv`: the entries the filters match as a CSV download (cookie auth, a GET). */
export function auditLogCsvUrl(filters: AuditFilters): string {
  return apiUrl('admin/auditLogCsv', { ...filters });
}
