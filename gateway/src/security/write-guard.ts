import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { QuireConfig } from '@quire/config';
import { QUIRE_CONFIG } from '@quire/platform';
import { AppError, ErrorCode, SESSION_COOKIE, type Caller, type Route, type WireParams } from '@quire/proto';
import { readCookie } from '../http/cookies';
import { explicitToken } from '../session/explicit-token';

/** Methods that never change anything (RFC 9110's safe methods). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

/** `https://Site:443/page?x` -> `https://site`; undefined for anything that is no http(s) URL (`null` included). */
function originOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Who may change state (docs/compatibility.md, "Writes from other sites"). Reads always pass. A write:
 * - that a browser sends (the session cookie rides along, or the browser names where the request
 *   comes from) must come from the site's own pages (else 10403), unless an explicit credential is
 *   what authenticated it: a valid session token in `X-API-Token`, `Authorization: Bearer` or
 *   `user_token`, or the open API's key (a bogus token next to the cookie does not count). So
 *   another site can neither write as its visitor nor log its visitor in as someone else;
 * - is never done by GET or HEAD, whoever sends it (10405).
 */
@Injectable()
export class WriteGuard {
  /** PUBLIC_URL's origin and TRUSTED_ORIGINS; the request's own origin is added per request. */
  private readonly siteOrigins: ReadonlySet<string>;

  constructor(@Inject(QUIRE_CONFIG) config: QuireConfig) {
    this.siteOrigins = new Set([originOf(config.publicUrl), ...config.http.trustedOrigins].filter((origin): origin is string => Boolean(origin)));
  }

  /** Throws the refusal when the call may not run; the gateway has forwarded nothing yet. */
  check(req: Request, route: Pick<Route, 'effect' | 'auth'>, params: WireParams, caller: Caller): void {
    if (route.effect === 'read') return;
    if (this.sentByBrowser(req, route, params, caller) && !this.fromOwnSite(req)) throw new AppError(ErrorCode.CrossSite, 'cross_site');
    if (SAFE_METHODS.has(req.method)) throw new AppError(ErrorCode.WriteByGet, 'write_by_get');
  }

  /** Whether an explicit credential, not the cookie, authenticated the call (it then changes no cookie either). */
  isExplicit(req: Request, params: WireParams, caller: Caller): boolean {
    // CallerResolver takes an explicit token before the cookie and never falls back: a caller means it was valid.
    return explicitToken(req, params) !== undefined && caller.uid !== 0;
  }

  /**
   * A browser sends the call (its session cookie rides along, or it names the request's source in
   * `Sec-Fetch-Site` or `Origin`) and no explicit credential vouches for the call instead.
   */
  private sentByBrowser(req: Request, route: Pick<Route, 'auth'>, params: WireParams, caller: Caller): boolean {
    if (route.auth === 'apiKey' || this.isExplicit(req, params, caller)) return false;
    return Boolean(readCookie(req, SESSION_COOKIE)) || req.get('sec-fetch-site') !== undefined || req.get('origin') !== undefined;
  }

  /**
   * The browser says the request came from this site: `Sec-Fetch-Site` when it sends it, else the
   * `Origin`, else the `Referer`. A request that says nothing is refused: every browser that
   * sends cookies sends `Origin` on a POST.
   */
  private fromOwnSite(req: Request): boolean {
    const site = req.get('sec-fetch-site');
    if (site === 'same-origin' || site === 'none') return true;
    if (site === 'cross-site' || site === 'same-site') return false;
    const source = req.get('origin') ?? req.get('referer');
    const origin = source === undefined ? undefined : originOf(source);
    return origin !== undefined && (this.siteOrigins.has(origin) || origin === originOf(`${req.protocol}://${req.host}`));
  }
}
