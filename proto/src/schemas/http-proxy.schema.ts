import { z } from 'zod';
import { requiredText, text } from '../validation';

/**
 * Quire extension: `POST /api/http-proxy`, the server side of the HTTP API test tool. A logged-in user
 * asks the gateway to send one HTTP request for them while the site setting `http_proxy_open` is '1'.
 * docs/compatibility.md describes the rules (addresses refused, limits, what is never forwarded).
 */
export const HTTP_PROXY_PATH = '/api/http-proxy';
/** Largest request body and largest response (status line, headers and body) the proxy carries. */
export const HTTP_PROXY_MAX_BYTES = 4 * 1024 * 1024;
/** How long one proxied request may take in all, from connecting to the last byte. */
export const HTTP_PROXY_TIMEOUT_MS = 20_000;

export const HttpProxyMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
export type HttpProxyMethod = (typeof HttpProxyMethods)[number];

/** A header name as RFC 9110 allows it (a token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** `[[name, value], …]`, sent as a JSON array (a form field holds its JSON text). */
const headerList = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return [];
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  },
  z
    .array(
      z.tuple([
        z.string().regex(HEADER_NAME, { error: 'http_proxy_header_invalid' }),
        z
          .string()
          .max(8192)
          .refine((value) => !/[\r\n\0]/.test(value), { error: 'http_proxy_header_invalid' }),
      ]),
      { error: 'http_proxy_header_invalid' },
    )
    .max(100),
);

export const HttpProxyRequestSchema = z.object({
  method: z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.enum(HttpProxyMethods, { error: 'param_not_one_of' })),
  url: requiredText({ trim: true }).pipe(z.string().max(8192)),
  headers: headerList,
  body: text(),
});
export type HttpProxyRequestDto = z.output<typeof HttpProxyRequestSchema>;

/** What the target answered, wrapped in the envelope's `data` (the proxy never follows redirects). */
export interface HttpProxyReply {
  status: number;
  status_text: string;
  /** As received, in order; repeated headers repeat. */
  headers: [string, string][];
  /** The body as UTF-8 text (gzip is undone). */
  body: string;
  /** Bytes of the body as received. */
  size: number;
  /** Milliseconds from sending to the last byte. */
  time_ms: number;
  /** The address the proxy connected to (after the checks). */
  address: string;
}
