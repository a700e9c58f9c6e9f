import { env } from '../config/env';
import { ApiError } from './api-client';
import i18n from './i18n';

interface Envelope<T> {
  error_code?: number;
  error_message?: string;
  data?: T;
}

/**
 * Posts multipart form data (files and fields) to a call that answers the usual envelope, and returns its `data`.
 * Refusals (too large, a bad file, no right) throw an ApiError with the server's message, for the form to show
 * inline: unlike `api()`, nothing is alerted and no redirect happens.
 */
export async function postMultipart<T>(path: string, body: FormData): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${env.apiBase}/${path}`, { method: 'POST', body, credentials: 'same-origin' });
  } catch (error) {
    console.error(`[api] ${path}: network error`, error);
    throw new ApiError(0, i18n.t('Network error, please try again later'), true);
  }
  let reply: Envelope<T> | null;
  try {
    reply = (await response.json()) as Envelope<T>;
  } catch {
    reply = null;
  }
  if (reply?.error_code === 0 && reply.data) return reply.data;
  throw new ApiError(reply?.error_code ?? 0, reply?.error_message || i18n.t('Server error (HTTP {{status}})', { status: response.status }));
}
