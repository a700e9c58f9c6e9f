import type { ImportStatus } from '@quire/proto';
import useSWR from 'swr';
import { ApiError, apiRequest } from '../../../lib/api-client';

export type { ImportStatus };

/** How often the console asks how far the import is. */
export const SHOWDOC_IMPORT_POLL_MS = 1000;
/** A dropped connection is asked again this many times before the screen shows it. */
const NETWORK_RETRIES = 30;

/** `adminImport/status`: waiting, running (done of total steps), done (with the summary) or failed (with why). */
export function getShowdocImportStatus(importId: string): Promise<ImportStatus> {
  return apiRequest<ImportStatus>('adminImport/status', { import_id: importId }, { alert: false });
}

export const showdocImportStatusKey = (importId: string) => ['adminImport/status', { import_id: importId }] as const;

export const isImportFinished = (status: ImportStatus | undefined) => status?.state === 'done' || status?.state === 'failed';

/** Polls every second while the import waits or runs and stops once it is done or failed; a refusal stops it too. */
export function useShowdocImportStatus(importId: string | null) {
  return useSWR<ImportStatus, unknown>(importId ? showdocImportStatusKey(importId) : null, () => getShowdocImportStatus(importId as string), {
    refreshInterval: (status) => (isImportFinished(status) ? 0 : SHOWDOC_IMPORT_POLL_MS),
    revalidateOnFocus: false,
    onErrorRetry: (error, _key, _config, revalidate, { retryCount }) => {
      if (error instanceof ApiError && error.network && retryCount <= NETWORK_RETRIES) setTimeout(() => void revalidate({ retryCount }), SHOWDOC_IMPORT_POLL_MS);
    },
  });
}
