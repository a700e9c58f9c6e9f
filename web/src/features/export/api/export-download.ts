import { apiUrl } from '../../../lib/api-client';

/** `export/download?job_id=`: the finished file, as a browser download (cookie auth). */
export function exportDownloadUrl(jobId: string): string {
  return apiUrl('export/download', { job_id: jobId });
}
