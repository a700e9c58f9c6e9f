import { env } from '../../../config/env';
import { ApiError } from '../../../lib/api-client';
import i18n from '../../../lib/i18n';

/** The reply of the upload calls: editor.md's `{success, url, message}`, or the envelope on some failures. */
interface UploadReply {
  success?: number;
  url?: string;
  message?: string;
  error_code?: number;
  error_message?: string;
}

/**
 * Posts one file as multipart (the upload calls are the only ones that are not form-encoded) and
 * returns the stored file's URL. A refusal throws an ApiError carrying the server's message.
 */
export async function postFile(path: string, field: string, file: File, fields: Record<string, string | number>): Promise<string> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, String(value));
  body.set(field, file, file.name || 'image.png');
  let response: Response;
  try {
    response = await fetch(`${env.apiBase}/${path}`, { method: 'POST', body, credentials: 'same-origin' });
  } catch (error) {
    console.error(`[api] ${path}: network error`, error);
    throw new ApiError(0, i18n.t('Network error, please try again later'), true);
  }
  const text = await response.text();
  let reply: UploadReply | null;
  try {
    reply = text ? (JSON.parse(text) as UploadReply) : null;
  } catch {
    reply = null;
  }
  if (reply?.success === 1 && reply.url) return reply.url;
  const message = reply?.message || reply?.error_message || i18n.t('Server error (HTTP {{status}})', { status: response.status });
  throw new ApiError(reply?.error_code ?? 0, message);
}
