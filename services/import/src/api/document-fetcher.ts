import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { AddressPolicy } from '@quire/platform';
import { API_IMPORT_FETCH_TIMEOUT_MS, API_IMPORT_MAX_BYTES, AppError, ErrorCode } from '@quire/proto';

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;
const MAX_MB = API_IMPORT_MAX_BYTES / (1024 * 1024);

/** What a URL gave: the bytes and the URL they came from at last (after redirects). */
export interface FetchedDocument {
  bytes: Uint8Array;
  url: string;
}

/**
 * Fetches an API document from a URL through the HTTP test tool's address guard: the host is resolved first and
 * refused when any address it has is internal (loopback, private, link-local …) unless the operator allows it
 * (`HTTP_PROXY_ALLOW_HOSTS`); the connection goes to the checked address only, so DNS cannot switch it afterwards.
 * Each redirect is checked the same way. At most 20 MB and 30 seconds; no cookie or credential is sent.
 */
export class DocumentFetcher {
  constructor(
    private readonly policy: AddressPolicy,
    private readonly resolve: (hostname: string) => Promise<string[]> = resolveHost,
  ) {}

  async fetch(rawUrl: string): Promise<FetchedDocument> {
    let url = parseUrl(rawUrl);
    const deadline = Date.now() + API_IMPORT_FETCH_TIMEOUT_MS;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
      const address = await this.check(url);
      const response = await this.get(url, address, deadline);
      if (response.status !== undefined && REDIRECTS.has(response.status) && response.location) {
        url = parseUrl(new URL(response.location, url).toString());
        continue;
      }
      if (response.status === undefined || response.status < 200 || response.status > 299) {
        throw AppError.failed('api_import_fetch_status', { host: url.host, status: response.status ?? 0 });
      }
      return { bytes: response.body, url: url.toString() };
    }
    throw AppError.failed('api_import_fetch_redirects', { host: url.host });
  }

  /** The address to connect to, every address of the host allowed. */
  private async check(url: URL): Promise<string> {
    const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
    let addresses: string[];
    try {
      addresses = isIP(hostname) ? [hostname] : await this.resolve(hostname);
    } catch {
      throw new AppError(ErrorCode.HttpProxyFailed, 'http_proxy_unknown_host', { host: hostname });
    }
    const refused = addresses.find((address) => this.policy.isForbidden(address));
    if (refused !== undefined || addresses.length === 0) {
      throw new AppError(ErrorCode.HttpProxyForbidden, 'http_proxy_forbidden_address', { host: url.host, address: refused ?? hostname });
    }
    return addresses[0];
  }

  private get(url: URL, address: string, deadline: number): Promise<{ status?: number; location?: string; body: Uint8Array }> {
    const family = isIP(address);
    const pinned: LookupFunction = (_hostname, options, callback) => {
      if ((options as { all?: boolean }).all) (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, [{ address, family }]);
      else callback(null, address, family);
    };
    const options: RequestOptions = {
      method: 'GET',
      host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      headers: { accept: 'application/json, application/yaml, text/yaml, */*;q=0.5', 'accept-encoding': 'identity', 'user-agent': 'Quire-API-Import', connection: 'close' },
      lookup: pinned,
      agent: false,
    };
    return new Promise((resolve, reject) => {
      const fail = (error: AppError) => {
        request.destroy();
        reject(error);
      };
      const timer = setTimeout(
        () => fail(new AppError(ErrorCode.HttpProxyFailed, 'http_proxy_timeout', { host: url.host, seconds: API_IMPORT_FETCH_TIMEOUT_MS / 1000 })),
        Math.max(1, deadline - Date.now()),
      );
      const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(options, (response: IncomingMessage) => {
        const status = response.statusCode;
        if (status !== undefined && REDIRECTS.has(status)) {
          response.resume();
          clearTimeout(timer);
          resolve({ status, location: response.headers.location, body: new Uint8Array() });
          return;
        }
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > API_IMPORT_MAX_BYTES) return fail(AppError.failed('api_import_too_large', { max: MAX_MB }));
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > API_IMPORT_MAX_BYTES) fail(AppError.failed('api_import_too_large', { max: MAX_MB }));
          else chunks.push(chunk);
        });
        response.on('end', () => {
          clearTimeout(timer);
          resolve({ status, body: new Uint8Array(Buffer.concat(chunks)) });
        });
        response.on('error', (error: Error) => fail(unreachable(url, error)));
      });
      request.on('error', (error: Error) => {
        clearTimeout(timer);
        reject(unreachable(url, error));
      });
      request.end();
    });
  }
}

function unreachable(url: URL, error: Error & { code?: string }): AppError {
  return new AppError(ErrorCode.HttpProxyFailed, 'http_proxy_unreachable', { host: url.host, reason: error.code ?? error.message });
}

/** An absolute http(s) URL without user name or password. */
function parseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError(ErrorCode.Failed, 'http_proxy_url_invalid');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || !url.hostname) throw new AppError(ErrorCode.Failed, 'http_proxy_url_invalid');
  return url;
}

async function resolveHost(hostname: string): Promise<string[]> {
  return (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);
}
