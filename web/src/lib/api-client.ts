import type { ErrorCode as ProtoErrorCode } from '@quire/proto';
import { env, limits } from '../config/env';
import { currentLocation, paths } from '../config/paths';
import { showAlert } from './alert';
import { takeFirstRead } from './early-request';
import i18n from './i18n';
import { withLoading } from './loading';

/**
 * The error codes the client reacts to (SPEC §8): a copy of part of proto's table (its runtime
 * is not bundled), checked against it at compile time.
 */
export const ErrorCode = {
  NotLoggedIn: 10102,
  Captcha: 10206,
  BadCredentialsCaptcha: 10210,
  NotCreator: 10303,
  DomainTaken: 10304,
  DomainInvalid: 10305,
  ItemPassword: 10307,
  ItemPasswordCaptcha: 10308,
  TwoFactorRequired: 10212,
  TwoFactorEnrolRequired: 10213,
} as const satisfies Partial<typeof ProtoErrorCode>;

/** Calls whose 10303/10307 means "this item needs its visit password" (SPEC §8: on item or page load). */
const ITEM_LOADS = new Set(['item/info', 'page/info']);

export type ApiParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  /** Show the server's message in an alert (default true). Forms that show errors inline pass false. */
  alert?: boolean;
  /** Block the screen with the loading overlay while the call runs. */
  loading?: boolean;
  /**
   * `GET` (params in the query string) for a read whose answer carries an ETag (item/info,
   * page/info): the browser keeps it and revalidates it itself, a 304 moving a few hundred bytes.
   * Default `POST` (form-encoded body).
   */
  method?: 'GET' | 'POST';
  /**
   * A read started ahead of its screen (lib/early-request.ts): a failure neither logs, alerts nor
   * redirects; the screen then asks again, and that call does.
   */
  quiet?: boolean;
}

interface Envelope<T> {
  error_code: number;
  error_message?: string;
  data?: T;
}

/** A failed call: `code` is the server's error_code, 0 for a network failure or an unreadable reply. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly network = false,
    /** What the envelope carried beside the message (rare: a two-factor login's challenge, an edit conflict's versions). */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

let navigate: (to: string) => void = (to) => window.location.assign(to);

/** The router registers itself so that redirects stay inside the SPA. */
export function configureApiClient(options: { navigate: (to: string) => void }): void {
  navigate = options.navigate;
}

/** An `/api/...` URL with a query, for reads a browser loads itself: images (captcha, QR code), downloads (export). */
export function apiUrl(path: string, query: ApiParams = {}): string {
  const search = toSearchParams(query).toString();
  return `${env.apiBase}/${path}${search ? `?${search}` : ''}`;
}

function toSearchParams(params: ApiParams): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  return search;
}

/**
 * A POST unless the call asks for GET: the server refuses a GET on any call that changes data
 * (docs/compatibility.md); reads answer both.
 */
async function send(path: string, params: ApiParams, method: 'GET' | 'POST'): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limits.httpTimeoutMs);
  try {
    if (method === 'GET') {
      const url = apiUrl(path, params);
      return await (takeFirstRead(url) ?? fetch(url, { credentials: 'same-origin', signal: controller.signal }));
    }
    return await fetch(`${env.apiBase}/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      body: toSearchParams(params),
      credentials: 'same-origin',
      signal: controller.signal,
    });
  } finally {
    clearTimeout(timer);
  }
}

async function readEnvelope<T>(response: Response): Promise<Envelope<T> | null> {
  const text = await response.text();
  if (!text) return response.ok ? { error_code: 0 } : null;
  try {
    const parsed = JSON.parse(text) as Envelope<T>;
    return typeof parsed === 'object' && parsed !== null && typeof parsed.error_code === 'number' ? parsed : null;
  } catch {
    return null;
  }
}

/** Applies SPEC §8 to a failed reply: redirect to login or to the item password, else an alert. */
function handleFailure(path: string, params: ApiParams, code: number, message: string, options: RequestOptions): void {
  if (options.quiet) return;
  const here = currentLocation();
  if (code === ErrorCode.NotLoggedIn && params.redirect_login !== 'false' && params.redirect_login !== false) {
    if (window.location.pathname !== paths.login.path) navigate(paths.login.getHref(here));
    return;
  }
  if ((code === ErrorCode.NotCreator || code === ErrorCode.ItemPassword) && ITEM_LOADS.has(path)) {
    const itemId = params.item_id ?? params.item_domain ?? 0;
    navigate(paths.itemPassword.getHref(String(itemId || 0), { pageId: params.page_id ? String(params.page_id) : undefined, redirect: here }));
    return;
  }
  if (code === ErrorCode.NotLoggedIn) return;
  // A login's next step (a code, or setting the second factor up), which the login screen shows itself.
  if (code === ErrorCode.TwoFactorRequired || code === ErrorCode.TwoFactorEnrolRequired) return;
  if (options.alert !== false) void showAlert(message);
}

async function request<T>(path: string, params: ApiParams, options: RequestOptions): Promise<T> {
  let response: Response;
  try {
    response = await send(path, params, options.method ?? 'POST');
  } catch (error) {
    // SPEC §8: network errors are logged only; the screen stays as it is.
    if (!options.quiet) console.error(`[api] ${path}: network error`, error);
    throw new ApiError(0, i18n.t('Network error, please try again later'), true);
  }
  const envelope = await readEnvelope<T>(response);
  if (!envelope) {
    const message = i18n.t('Server error (HTTP {{status}})', { status: response.status });
    handleFailure(path, params, 0, message, options);
    throw new ApiError(0, message);
  }
  if (envelope.error_code !== 0) {
    const message = envelope.error_message || i18n.t('Unknown error (code {{code}})', { code: envelope.error_code });
    handleFailure(path, params, envelope.error_code, message, options);
    throw new ApiError(envelope.error_code, message, false, envelope.data);
  }
  return envelope.data as T;
}

/** Calls `/api/<path>` with a form-encoded body (or a query string: `options.method`) and returns the envelope's `data`. */
export function apiRequest<T>(path: string, params: ApiParams = {}, options: RequestOptions = {}): Promise<T> {
  const work = request<T>(path, params, options);
  return options.loading ? withLoading(work) : work;
}

/** SWR keys are `[path, params]`; this is their shared fetcher. */
export function swrFetcher<T>([path, params]: readonly [string, ApiParams]): Promise<T> {
  return apiRequest<T>(path, params);
}
