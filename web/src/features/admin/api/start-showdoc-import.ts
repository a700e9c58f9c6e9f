import type { StartedImport } from '@quire/proto';
import { postMultipart } from '../../../lib/post-multipart';

/**
 * `adminImport/showdoc`: posts ShowDoc's database (or one zip of the site holding it and `Public/Uploads`) as the
 * multipart part `db`, and the zip of `Public/Uploads`, when chosen, as `uploads`. `dry_run=1` only reports what
 * would be imported. Refusals (too large, an import already running) throw an ApiError with the server's message
 * for the screen to show.
 */
export function startShowdocImport(db: File, uploads: File | null, dryRun: boolean): Promise<StartedImport> {
  const body = new FormData();
  body.set('dry_run', dryRun ? '1' : '0');
  body.set('db', db, db.name);
  if (uploads) body.set('uploads', uploads, uploads.name);
  return postMultipart<StartedImport>('adminImport/showdoc', body);
}
