import { apiUrl } from '../../../lib/api-client';

/** `adminImport/report`: the finished import's report as a browser download (cookie auth), readable text or JSON. */
export function showdocImportReportUrl(importId: string, format: 'text' | 'json'): string {
  return apiUrl('adminImport/report', { import_id: importId, format });
}
