import type { HttpProxyMethod, HttpProxyReply } from '@quire/proto';
import { apiRequest } from '../../../lib/api-client';

export type { HttpProxyMethod, HttpProxyReply };

export interface HttpTestRequest {
  method: HttpProxyMethod;
  url: string;
  /** Name/value rows; rows without a name are not sent. */
  headers: [string, string][];
  body: string;
}

/**
 * `POST /api/http-proxy` (Quire extension, docs/compatibility.md): the server sends the request and answers
 * what the target replied. Refusals (setting off 10460, internal address 10461, limits 10462) come back as
 * ApiError with the server's message; the screen shows them itself.
 */
export function sendThroughServer(request: HttpTestRequest): Promise<HttpProxyReply> {
  return apiRequest<HttpProxyReply>('http-proxy', { method: request.method, url: request.url, headers: JSON.stringify(request.headers), body: request.body }, { alert: false });
}
