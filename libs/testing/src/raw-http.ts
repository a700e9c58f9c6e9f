import * as http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface RawHttpResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they came over the wire: still compressed when `content-encoding` says so. */
  body: Buffer;
  /** The body with its `content-encoding` (br, gzip) undone. */
  decoded(): Buffer;
}

/**
 * One HTTP request with exactly these headers, answered as the wire carried it: unlike `fetch`, it
 * neither asks for nor undoes any compression, so a test sees `content-encoding` and the real bytes.
 */
export function rawHttp(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<RawHttpResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: init.method ?? 'GET', headers: init.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        const encoding = response.headers['content-encoding'];
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body,
          decoded: () => (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body),
        });
      });
    });
    request.on('error', reject);
    request.end(init.body);
  });
}
