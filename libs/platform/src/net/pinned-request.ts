import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { bareHostname, pinnedLookup } from './guarded-host';

/** One request to a URL whose host was checked: what to send, how long to wait, how much of the answer to take. */
export interface PinnedRequestOptions {
  /** GET when absent. */
  method?: string;
  headers?: OutgoingHttpHeaders;
  body?: string | Uint8Array;
  /** The whole exchange (connect, send, the complete answer) must end within this. */
  timeoutMs: number;
  /** The answer's body may not be longer (a declared Content-Length above it fails at once). */
  maxBytes: number;
  /** Certificate authorities to trust instead of the system's (a private CA). */
  ca?: string | Buffer;
}

/** The answer, whatever its status: a redirect is returned, never followed (its target was not checked). */
export interface PinnedResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Why no whole answer came: out of time, no connection (or a broken one, with the error's code), or an answer above `maxBytes` (with its status). */
export type PinnedFailure = { failure: 'timeout' } | { failure: 'unreachable'; code: string } | { failure: 'too_large'; status: number };

export type PinnedResult = PinnedResponse | PinnedFailure;

/**
 * Sends one HTTP(S) request to `url`, connecting only to `address` (the one `checkHost` answered), so a DNS answer
 * that changes after the check is never used. The Host header and the TLS server name stay the URL's host name, and
 * the certificate is verified for that name. No connection is reused, no redirect followed, no cookie kept.
 */
export function pinnedRequest(url: URL, address: string, options: PinnedRequestOptions): Promise<PinnedResult> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`pinnedRequest: not an http(s) URL: ${url.protocol}`);
  const hostname = bareHostname(url);
  const requestOptions: RequestOptions & { servername?: string; ca?: string | Buffer } = {
    method: options.method ?? 'GET',
    host: hostname,
    port: url.port || undefined,
    path: `${url.pathname}${url.search}`,
    headers: { connection: 'close', ...options.headers },
    lookup: pinnedLookup(address),
    agent: false,
  };
  if (url.protocol === 'https:') {
    // The certificate is checked against the name, never against the address connected to.
    if (!isIP(hostname)) requestOptions.servername = hostname;
    if (options.ca !== undefined) requestOptions.ca = options.ca;
  }
  return new Promise<PinnedResult>((resolve) => {
    let settled = false;
    const settle = (result: PinnedResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(result);
    };
    const unreachable = (error: Error & { code?: string }) => settle({ failure: 'unreachable', code: error.code ?? error.message });
    const timer = setTimeout(() => settle({ failure: 'timeout' }), Math.max(1, options.timeoutMs));
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(requestOptions, (response: IncomingMessage) => {
      const status = response.statusCode ?? 0;
      if (Number(response.headers['content-length'] ?? 0) > options.maxBytes) return settle({ failure: 'too_large', status });
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) settle({ failure: 'too_large', status });
        else chunks.push(chunk);
      });
      response.on('end', () => settle({ status, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', unreachable);
    });
    request.on('error', unreachable);
    request.end(options.body);
  });
}
