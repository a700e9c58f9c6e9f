import type { ExportStatus } from '@quire/proto';
import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';

export type { ExportStatus };

/** How often the screen asks how far the job is. */
export const EXPORT_POLL_MS = 400;

/** `export/status`: state, progress 0–100 and, once failed, why. */
export function getExportStatus(jobId: string): Promise<ExportStatus> {
  return apiRequest<ExportStatus>('export/status', { job_id: jobId }, { alert: false });
}

export const exportStatusKey = (jobId: string) => ['export/status', { job_id: jobId }] as const;

export const isFinished = (status: ExportStatus | undefined) => status?.state === 'completed' || status?.state === 'failed';

/** Polls while the job waits or runs, stops once it completed or failed. */
export function useExportStatus(jobId: string | null) {
  return useSWR<ExportStatus, unknown>(jobId ? exportStatusKey(jobId) : null, () => getExportStatus(jobId as string), {
    refreshInterval: (status) => (isFinished(status) ? 0 : EXPORT_POLL_MS),
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}
