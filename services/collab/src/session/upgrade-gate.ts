import type { IncomingMessage } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import type { QuireConfig } from '@quire/config';
import { hashSecret, KeyValueStore, QUIRE_CONFIG } from '@quire/platform';
import { type Caller, CLIENT_COOKIE, type Language, SESSION_COOKIE, SessionReader } from '@quire/proto';

const TOKEN_PATTERN = /^[A-Za-z0-9]{16,200}$/;
const CLIENT_ID_PATTERN = /^[a-f0-9]{32}$/;

/** Who opened a co-editing connection, and the language their messages are written in. */
export interface CollabContext {
  caller: Caller;
  language: Language;
}

/** The upgrade's verdict: a connection for the context, or an HTTP refusal. */
export type Admission = { ok: true; context: CollabContext } | { ok: false; status: number; reason: string };

/**
 * The checks of a co-editing upgrade before any WebSocket exists: it comes from a page of this site
 * (its Origin is the Host it was sent to, or PUBLIC_URL's), so another site's page cannot open an
 * editor with a visitor's cookie; and it carries a live session (`cookie_token`, read as the gateway
 * reads it: by the token's hash, through auth's SessionReader). Rights on a page are asked per
 * document, when the client names it.
 */
@Injectable()
export class UpgradeGate {
  private readonly sessions: SessionReader;

  constructor(
    kv: KeyValueStore,
    @Inject(QUIRE_CONFIG) private readonly config: QuireConfig,
  ) {
    this.sessions = new SessionReader(kv);
  }

  async admit(request: IncomingMessage): Promise<Admission> {
    if (!this.sameSite(request)) return { ok: false, status: 403, reason: 'Forbidden' };
    const cookies = parseCookies(request.headers.cookie);
    const token = cookies.get(SESSION_COOKIE);
    if (!token || !TOKEN_PATTERN.test(token)) return { ok: false, status: 401, reason: 'Unauthorized' };
    const tokenHash = hashSecret(token);
    const { session, language } = await this.sessions.read(tokenHash);
    if (!session) return { ok: false, status: 401, reason: 'Unauthorized' };
    const clientId = cookies.get(CLIENT_COOKIE) ?? '';
    const caller: Caller = {
      uid: session.uid,
      username: session.username,
      groupid: session.groupid,
      clientId: CLIENT_ID_PATTERN.test(clientId) ? clientId : '',
      ip: request.socket.remoteAddress ?? '',
      token: tokenHash,
    };
    return { ok: true, context: { caller, language: language ?? this.config.language } };
  }

  /** Whether the session of `tokenHash` (a caller's `token`) still exists. */
  async sessionLive(tokenHash: string): Promise<boolean> {
    return (await this.sessions.read(tokenHash)).session !== null;
  }

  /** The Origin's host is the Host header's (a proxy in front keeps Host), or the origin is PUBLIC_URL's. */
  private sameSite(request: IncomingMessage): boolean {
    const origin = request.headers.origin;
    if (!origin) return false;
    let parsed: URL;
    try {
      parsed = new URL(origin);
    } catch {
      return false;
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
    const host = request.headers.host?.toLowerCase();
    return (host !== undefined && parsed.host === host) || parsed.origin === this.config.publicUrl;
  }
}

function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const name = part.slice(0, at).trim();
    if (cookies.has(name)) continue;
    try {
      cookies.set(name, decodeURIComponent(part.slice(at + 1).trim()));
    } catch {
      // an undecodable value is no token
    }
  }
  return cookies;
}
