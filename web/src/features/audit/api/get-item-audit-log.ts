import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';
import type { AuditLogPage, AuditLogQuery } from './get-audit-log';

export interface ItemAuditLogQuery extends Omit<AuditLogQuery, 'item_id'> {
  item_id: number;
}

/** `item/auditLog`: one page of an item's entries, newest first (its owner). */
export function getItemAuditLog(query: ItemAuditLogQuery): Promise<AuditLogPage> {
  return apiRequest<AuditLogPage>('item/auditLog', { ...query });
}

export const itemAuditLogKey = (query: ItemAuditLogQuery) => ['item/auditLog', { ...query }] as const;

export function useItemAuditLog(query: ItemAuditLogQuery) {
  return useSWR(itemAuditLogKey(query), () => getItemAuditLog(query), { keepPreviousData: true });
}
