import { type AddressPolicy, bareHostname, checkHost, pinnedRequest, resolveHost } from '@quire/platform';
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
      if (REDIRECTS.has(response.status) && response.location) {
        url = parseUrl(new URL(response.location, url).toString());
        continue;
      }
      if (response.status < 200 || response.status > 299) {
        throw AppError.failed('api_import_fetch_status', { host: url.host, status: response.status });
      }
      return { bytes: response.body, url: url.toString() };
    }
    throw AppError.failed('api_import_fetch_redirects', { host: url.host });
  }

  /** The address to connect to, every address of the host allowed. */
  private async check(url: URL): Promise<string> {
    const hostname = bareHostname(url);
    const checked = await checkHost(hostname, this.policy, this.resolve);
    if ('unknown' in checked) throw new AppError(ErrorCode.HttpProxyFailed, 'http_proxy_unknown_host', { host: hostname });
    if ('refused' in checked) throw new AppError(ErrorCode.HttpProxyForbidden, 'http_proxy_forbidden_address', { host: url.host, address: checked.refused });
    return checked.address;
  }

  private async get(url: URL, address: string, deadline: number): Promise<{ status: number; location?: string; body: Uint8Array }> {
    const result = await pinnedRequest(url, address, {
      headers: { accept: 'application/json, application/yaml, text/yaml, */*;q=0.5', 'accept-encoding': 'identity', 'user-agent': 'Quire-API-Import' },
      timeoutMs: deadline - Date.now(),
      maxBytes: API_IMPORT_MAX_BYTES,
    });
    if (!('failure' in result)) return { status: result.status, location: result.headers.location, body: new Uint8Array(result.body) };
    if (result.failure === 'timeout') throw new AppError(ErrorCode.HttpProxyFailed, 'http_proxy_timeout', { host: url.host, seconds: API_IMPORT_FETCH_TIMEOUT_MS / 1000 });
    if (result.failure === 'unreachable') throw new AppError(ErrorCode.HttpProxyFailed, 'http_proxy_unreachable', { host: url.host, reason: result.code });
    throw AppError.failed('api_import_too_large', { max: MAX_MB });
  }
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
