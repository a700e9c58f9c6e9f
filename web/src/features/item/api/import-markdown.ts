import type { ImportedMarkdown } from '@quire/proto';
import { mutate } from 'swr';
import { env } from '../../../config/env';
import { ApiError } from '../../../lib/api-client';
import i18n from '../../../lib/i18n';
import { myItemsKey } from './get-my-items';

interface Envelope {
  error_code?: number;
  error_message?: string;
  data?: ImportedMarkdown;
}

/**
 * `import/auto` (ShowDoc's route): posts the zip as multipart and answers the new item. Refusals
 * (a bad zip, no right on the item) throw an ApiError with the server's message for the form to show.
 */
export async function importMarkdownZip(file: File): Promise<ImportedMarkdown> {
  const body = new FormData();
  body.set('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(`${env.apiBase}/import/auto`, { method: 'POST', body, credentials: 'same-origin' });
  } catch (error) {
    console.error('[api] import/auto: network error', error);
    throw new ApiError(0, i18n.t('Network error, please try again later'), true);
  }
  let reply: Envelope | null;
  try {
    reply = (await response.json()) as Envelope;
  } catch {
    reply = null;
  }
  if (reply?.error_code === 0 && reply.data) {
    await mutate(myItemsKey);
    return reply.data;
  }
  throw new ApiError(reply?.error_code ?? 0, reply?.error_message || i18n.t('Server error (HTTP {{status}})', { status: response.status }));
}
