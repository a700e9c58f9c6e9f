import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { hashSecret, KeyValueStore } from '@quire/platform';
import { CACHE_VERSION_KEYS, CLIENT_COOKIE, SESSION_COOKIE, SessionReader, anonymousCaller, type CacheVersions, type Caller, type WireParams } from '@quire/proto';
import { readCookie, writeCookie } from '../http/cookies';
import { noteUserLanguage } from '../http/request-language';
import { explicitToken } from './explicit-token';

const CLIENT_ID_PATTERN = /^[a-f0-9]{32}$/;
/** Session tokens are hex; personal API tokens `qpat_` and base64url (PERSONAL_TOKEN_PREFIX). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,200}$/;
const CLIENT_COOKIE_SECONDS = 365 * 24 * 3600;

/** Who is calling, and the cache versions read in the same round trip (forwarded with the message). */
export interface ResolvedCaller {
  caller: Caller;
  versions: CacheVersions;
}

/**
 * Resolves who is calling: the session behind the `user_token` parameter or the
 * `cookie_token` cookie (contract §2), and the browser's opaque client id. Sessions are auth's:
 * they are read through the SessionReader auth publishes, which knows how auth stores them. The
 * cache versions come with the session, read before the call is forwarded, so a service that
 * caches needs no round trip of its own to know whether its copy is current.
 */
@Injectable()
export class CallerResolver {
  private readonly sessions: SessionReader;

  constructor(kv: KeyValueStore) {
    this.sessions = new SessionReader(kv);
  }

  async resolve(req: Request, res: Response, params: WireParams): Promise<ResolvedCaller> {
    const caller = anonymousCaller(this.clientId(req, res), req.ip ?? '');
    const token = this.token(req, params);
    // Sessions are stored by their token's hash; the caller carries the hash, the token stays here.
    const tokenHash = token ? hashSecret(token) : undefined;
    const { session, personalToken, language, alongside } = await this.sessions.read(tokenHash, CACHE_VERSION_KEYS);
    const versions: CacheVersions = Object.fromEntries(CACHE_VERSION_KEYS.map((key, i) => [key, alongside[i]]));
    if (personalToken) {
      // A personal API token: its owner, narrowed by its scope; it names no session (`token` stays unset).
      const { uid, username, groupid, id, scope } = personalToken;
      return { caller: { ...caller, uid, username, groupid, personalToken: { id, scope } }, versions };
    }
    if (!session) return { caller, versions };
    // The user's language setting, read with the session: the answer's messages follow it (requestLanguage).
    noteUserLanguage(req, language);
    return { caller: { ...caller, uid: session.uid, username: session.username, groupid: session.groupid, token: tokenHash }, versions };
  }

  /** The token a request carries, whether or not it is valid: an explicit one wins, the cookie is never a fallback for it. */
  token(req: Request, params: WireParams): string | undefined {
    const candidate = explicitToken(req, params) ?? readCookie(req, SESSION_COOKIE);
    return candidate && TOKEN_PATTERN.test(candidate) ? candidate : undefined;
  }

  private clientId(req: Request, res: Response): string {
    const existing = readCookie(req, CLIENT_COOKIE);
    if (existing && CLIENT_ID_PATTERN.test(existing)) return existing;
    const fresh = randomBytes(16).toString('hex');
    writeCookie(req, res, CLIENT_COOKIE, fresh, CLIENT_COOKIE_SECONDS);
    return fresh;
  }
}
