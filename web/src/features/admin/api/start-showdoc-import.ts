import type { StartedImport } from '@quire/proto';
import { env } from '../../../config/env';
import { ApiError } from '../../../lib/api-client';
import i18n from '../../../lib/i18n';

interface Envelope {
  error_code?: number;
  error_message?: string;
  data?: StartedImport;
}

/**
 * `adminImport/showdoc`: posts ShowDoc's database (or one zip of the site holding it and `Public/Uploads`) as the
 * multipart part `db`, and the zip of `Public/Uploads`, when chosen, as `uploads`. `dry_run=1` only reports what
 * would be imported. Refusals (too large, an import already running) throw an ApiError with the server's message
 * for the screen to show.
 */
export async function startShowdocImport(db: File, uploads: File | null, dryRun: boolean): Promise<StartedImport> {
  const body = new FormData();
  body.set('dry_run', dryRun ? '1' : '0');
  body.set('db', db, db.name);
  if (uploads) body.set('uploads', uploads, uploads.name);
  let response: Response;
  try {
    response = await fetch(`${env.apiBase}/adminImport/showdoc`, { method: 'POST', body, credentials: 'same-origin' });
  } catch (error) {
    console.error('[api] adminImport/showdoc: network error', error);
    throw new ApiError(0, i18n.t('Network error, please try again later'), true);
  }
  let reply: Envelope | null;
  try {
    reply = (await response.json()) as Envelope;
  } catch {
    reply = null;
  }
  if (reply?.error_code === 0 && reply.data) return reply.data;
  throw new ApiError(reply?.error_code ?? 0, reply?.error_message || i18n.t('Server error (HTTP {{status}})', { status: response.status }));
}
