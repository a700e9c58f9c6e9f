import { type Language, languageOfTag } from './language';
import { decodePersonalToken, type PersonalTokenRecord, personalTokenKey } from './personal-token';
import { decodeSession, type SessionRecord, sessionKey, sessionLanguageKey } from './session';

/**
 * The one KeyValueStore operation reading a session takes. proto imports no platform code (the
 * SPA imports proto too); the KeyValueStore port has this method, so the gateway passes its store.
 */
export interface SessionStoreReads {
  getMany(keys: string[]): Promise<(string | null)[]>;
}

/** A session read together with other keys of the store. */
export interface SessionRead {
  /** The live session; null when the hash names none (never started, ended, or expired: the store's TTL drops it). */
  session: SessionRecord | null;
  /** The personal API token the hash names, when it is one (and no session): live until revoked or expired (TTL). */
  personalToken: PersonalTokenRecord | null;
  /** The language setting of the session's user; undefined without a session or a setting. */
  language: Language | undefined;
  /** The values of the keys read alongside, in their order (null where a key is missing). */
  alongside: (string | null)[];
}

/**
 * The client of the session store that the auth service publishes for the gateway: it resolves the
 * SHA-256 of a session token (`Caller.token`) to the session auth wrote, in the one round trip the
 * gateway makes per request anyway, without a hop to auth and without knowing the keys or the
 * record's encoding. Only auth writes sessions.
 */
export class SessionReader {
  constructor(private readonly store: SessionStoreReads) {}

  /** The session behind `tokenHash` (none without one), and the values of `alongside`, read in one round trip. */
  async read(tokenHash: string | undefined, alongside: readonly string[] = []): Promise<SessionRead> {
    const values = await this.store.getMany(tokenHash ? [...alongside, sessionKey(tokenHash), sessionLanguageKey(tokenHash), personalTokenKey(tokenHash)] : [...alongside]);
    const storedToken = tokenHash ? values.pop() : null;
    const language = tokenHash ? values.pop() : null;
    const stored = tokenHash ? values.pop() : null;
    const session = stored ? decodeSession(stored) : null;
    const personalToken = !session && storedToken ? decodePersonalToken(storedToken) : null;
    return { session, personalToken, language: session ? languageOfTag(language) : undefined, alongside: values };
  }
}
