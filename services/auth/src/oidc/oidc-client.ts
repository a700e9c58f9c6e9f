import type { AddressPolicy } from '@quire/platform';
import { bareHostname, checkHost, pinnedRequest, type PinnedResponse, resolveHost } from '@quire/platform';
import type { OidcSettings } from '@quire/proto';
import type { Configuration, CustomFetch, IDToken } from 'openid-client' with { 'resolution-mode': 'import' };

/** openid-client is an ES module: loaded once, when single sign-on is first used. */
const load = () => import('openid-client');

/** A failure talking to the provider, with a short reason for the message (never a stack). */
export class OidcProviderError extends Error {}

/** The provider has this long to answer each request (discovery, keys, token, userinfo), and may send this much. */
const PROVIDER_TIMEOUT_MS = 10_000;
const PROVIDER_MAX_BYTES = 1024 * 1024;

/**
 * A fetch for openid-client that refuses internal addresses (the address guard, HTTP_PROXY_ALLOW_HOSTS allows some):
 * the issuer is an administrator's setting, and discovery names further URLs (token, keys). The connection goes to
 * the address checked, so a DNS answer that changes afterwards is never used; redirects are handed back unfollowed.
 */
function guardedFetch(policy: AddressPolicy, resolve: (hostname: string) => Promise<string[]>): CustomFetch {
  return async (rawUrl, options) => {
    const url = new URL(rawUrl);
    const check = await checkHost(bareHostname(url), policy, resolve);
    if ('refused' in check) throw new OidcProviderError(`internal address ${check.refused} refused`);
    if ('unknown' in check) throw new OidcProviderError(`unknown host ${url.host}`);
    const body = options.body == null ? undefined : Buffer.from(await new Response(options.body).arrayBuffer());
    const result = await pinnedRequest(url, check.address, {
      method: options.method,
      headers: { ...options.headers, 'accept-encoding': 'identity' },
      body,
      timeoutMs: PROVIDER_TIMEOUT_MS,
      maxBytes: PROVIDER_MAX_BYTES,
    });
    if (!('failure' in result)) return toResponse(result);
    if (result.failure === 'timeout') throw new OidcProviderError(`${url.host} did not answer within ${PROVIDER_TIMEOUT_MS / 1000} seconds`);
    if (result.failure === 'unreachable') throw new OidcProviderError(`connection to ${url.host} failed: ${result.code}`);
    throw new OidcProviderError(`the answer from ${url.host} is larger than ${PROVIDER_MAX_BYTES / (1024 * 1024)} MB`);
  };
}

/** The answer as the Fetch API's Response openid-client reads (a status without a body gets none). */
function toResponse(answer: PinnedResponse): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
  }
  const bodiless = answer.status === 204 || answer.status === 205 || answer.status === 304;
  return new Response(bodiless ? null : answer.body, { status: answer.status, headers });
}

function reasonOf(error: unknown): string {
  if (error instanceof OidcProviderError) return error.message;
  const cause = (error as { cause?: unknown })?.cause;
  // openid-client wraps what the fetch threw ("something went wrong"): the fetch's own reason says more.
  if (cause instanceof OidcProviderError) return cause.message;
  const text = error instanceof Error ? error.message : String(error);
  const detail = cause instanceof Error ? `: ${cause.message}` : '';
  return `${text}${detail}`.slice(0, 200);
}

/** What the provider said about the user, read from the ID token's claims (and the userinfo endpoint when asked). */
export type OidcClaims = IDToken & Record<string, unknown>;

/**
 * The OpenID Connect client side (openid-client): discovery, the authorization URL with PKCE, state and nonce, and
 * the code exchange that checks them. Each throws OidcProviderError with a readable reason.
 */
export class OidcClient {
  constructor(
    private readonly policy: AddressPolicy,
    private readonly resolve: (hostname: string) => Promise<string[]> = resolveHost,
  ) {}

  async discover(settings: Pick<OidcSettings, 'issuer' | 'client_id' | 'client_secret'>): Promise<Configuration> {
    const oidc = await load();
    try {
      const issuer = new URL(settings.issuer);
      return await oidc.discovery(issuer, settings.client_id, settings.client_secret || undefined, undefined, {
        [oidc.customFetch]: guardedFetch(this.policy, this.resolve),
        // An http issuer is the administrator's choice (a provider on the local network); https is the rule.
        execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
        timeout: 10,
      });
    } catch (error) {
      throw new OidcProviderError(reasonOf(error));
    }
  }

  async authorizationUrl(config: Configuration, params: { redirectUri: string; scope: string; state: string; nonce: string; verifier: string }): Promise<string> {
    const oidc = await load();
    const challenge = await oidc.calculatePKCECodeChallenge(params.verifier);
    return oidc
      .buildAuthorizationUrl(config, {
        redirect_uri: params.redirectUri,
        scope: params.scope,
        state: params.state,
        nonce: params.nonce,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      })
      .toString();
  }

  async randomChecks(): Promise<{ state: string; nonce: string; verifier: string }> {
    const oidc = await load();
    return { state: oidc.randomState(), nonce: oidc.randomNonce(), verifier: oidc.randomPKCECodeVerifier() };
  }

  /** Exchanges the code of the callback URL, checking state, nonce and PKCE; the user's claims (ID token and userinfo). */
  async exchange(config: Configuration, callbackUrl: URL, checks: { state: string; nonce: string; verifier: string }): Promise<OidcClaims> {
    const oidc = await load();
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, { pkceCodeVerifier: checks.verifier, expectedState: checks.state, expectedNonce: checks.nonce });
      const claims = tokens.claims();
      if (!claims) throw new OidcProviderError('no ID token');
      const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub).catch(() => ({}));
      const merged: OidcClaims = { ...userinfo, ...claims };
      return merged;
    } catch (error) {
      throw new OidcProviderError(reasonOf(error));
    }
  }
}
