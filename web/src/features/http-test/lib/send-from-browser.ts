import type { HttpTestRequest } from '../api/send-through-server';

/** What the screen shows of an answer, however it was sent. */
export interface HttpTestResponse {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: string;
  /** Bytes of the body. */
  size: number;
  timeMs: number;
  via: 'browser' | 'server';
}

/** The browser could not send the request or read the answer (offline, unknown host, or CORS). */
export class BrowserFetchError extends Error {
  constructor(
    readonly reason: 'network' | 'timeout' | 'invalid',
    message: string,
  ) {
    super(message);
    this.name = 'BrowserFetchError';
  }
}

export const BROWSER_TIMEOUT_MS = 30_000;

/** Sends the request with fetch from this page: the target's CORS rules decide what the browser may read. */
export async function sendFromBrowser(request: HttpTestRequest): Promise<HttpTestResponse> {
  const headers = new Headers();
  try {
    for (const [name, value] of request.headers) headers.append(name, value);
  } catch (error) {
    throw new BrowserFetchError('invalid', (error as Error).message);
  }
  const withBody = request.method !== 'GET' && request.method !== 'HEAD';
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), BROWSER_TIMEOUT_MS);
  const started = performance.now();
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers,
      body: withBody && request.body !== '' ? request.body : undefined,
      signal: controller.signal,
      redirect: 'follow',
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    return {
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers.entries()],
      body: new TextDecoder().decode(bytes),
      size: bytes.byteLength,
      timeMs: Math.round(performance.now() - started),
      via: 'browser',
    };
  } catch (error) {
    if (controller.signal.aborted) throw new BrowserFetchError('timeout', 'timeout');
    // fetch says no more than "Failed to fetch" for an unknown host, a refused connection or a CORS refusal.
    throw new BrowserFetchError(error instanceof TypeError && /fetch|network|load/i.test(error.message) ? 'network' : 'invalid', (error as Error).message);
  } finally {
    clearTimeout(timer);
  }
}

/** The body indented when it is JSON, else as it came. */
export function prettyBody(body: string, headers: [string, string][]): { text: string; json: boolean } {
  const type = headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
  const trimmed = body.trim();
  if (/json/i.test(type) || trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return { text: JSON.stringify(JSON.parse(trimmed), null, 2), json: true };
    } catch {
      return { text: body, json: false };
    }
  }
  return { text: body, json: false };
}
