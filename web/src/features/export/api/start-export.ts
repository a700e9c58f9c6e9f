import type { ExportFormat, StartedExport } from '@quire/proto';
import { apiRequest } from '../../../lib/api-client';

export type { ExportFormat };

/** `export/start`: the right and the catalog are checked now; the job does the rest. Errors come back to the screen. */
export function startExport(itemId: number, catId: number, format: ExportFormat): Promise<StartedExport> {
  return apiRequest<StartedExport>('export/start', { item_id: itemId, cat_id: catId, format }, { alert: false });
}
