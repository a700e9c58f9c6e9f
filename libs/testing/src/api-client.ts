/** The envelope every `/api/*` call answers. */
export interface ApiEnvelope<T = unknown> {
  error_code: number;
  error_message?: string;
  data?: T;
}

export interface RawResponse {
  status: number;
  headers: Headers;
  body: Buffer;
  text(): string;
  json<T = ApiEnvelope>(): T;
}

/**
 * A browser-like HTTP client for system tests: keeps cookies, posts form-encoded
 * bodies by default, and sends an Origin of the server's own site.
 */
export class ApiClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  /** POST form-encoded, returns the envelope. */
  async post<T = unknown>(path: string, params: Record<string, string | number> = {}): Promise<ApiEnvelope<T>> {
    const body = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]));
    const response = await this.request(path, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    return response.json<ApiEnvelope<T>>();
  }

  async get<T = unknown>(path: string): Promise<ApiEnvelope<T>> {
    return (await this.request(path)).json<ApiEnvelope<T>>();
  }

  async request(path: string, init: { method?: string; body?: RequestInit['body']; headers?: Record<string, string>; signal?: AbortSignal } = {}): Promise<RawResponse> {
    const headers: Record<string, string> = { origin: this.baseUrl, ...init.headers };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(this.baseUrl + path, { method: init.method ?? 'GET', body: init.body, headers, redirect: 'manual', signal: init.signal });
    for (const line of response.headers.getSetCookie()) this.storeCookie(line);
    const body = Buffer.from(await response.arrayBuffer());
    return {
      status: response.status,
      headers: response.headers,
      body,
      text: () => body.toString('utf8'),
      json: <T>() => JSON.parse(body.toString('utf8')) as T,
    };
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  private storeCookie(line: string): void {
    const [pair, ...attributes] = line.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = attributes.some((a) => /^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]) < Date.now()) || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
    if (expired || value === '') this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}
