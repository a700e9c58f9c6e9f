/**
 * How sessions are stored in the KeyValueStore. The format is the auth service's: its
 * SessionService writes sessions with these keys and `encodeSession`, and the gateway reads them
 * only through `SessionReader` (session-reader.ts), so a change of format is made here, once, and
 * services/auth/test/session-reader.spec.ts shows that what auth writes the reader still reads.
 */

/**
 * The session record behind an opaque `cookie_token`. The auth service writes it into
 * the KeyValueStore at login, keyed by the token's SHA-256; the gateway reads it to resolve the caller.
 */
export interface SessionRecord {
  uid: number;
  username: string;
  groupid: number;
  createdAt: number;
}

/** 90 days, as ShowDoc [ERA] (contract §2.1). */
export const SESSION_TTL_SECONDS = 90 * 24 * 3600;
export const SESSION_COOKIE = 'cookie_token';
export const CLIENT_COOKIE = 'quire_client';

/** The session's key: by the SHA-256 of its token (hex), so the store never holds a token that works. */
export const sessionKey = (tokenHash: string) => `session-sha256:${tokenHash}`;
/**
 * The user's language setting (`user/updateInfo`) beside each of their sessions, with the session's lifetime,
 * so that the gateway reads it in the same round trip as the session. A key of its own, not a field of the
 * record: auth updates it when the setting changes, and a write racing a logout can then leave at most a
 * stray language behind, never bring an ended session back. Absent when the user has no setting.
 */
export const sessionLanguageKey = (tokenHash: string) => `session-language:${tokenHash}`;
/** The set (KeyValueStore.addToSet) of a user's token hashes, so logout and password changes can end them all. */
export const userSessionsKey = (uid: number) => `user-sessions:${uid}`;
/** Keys written before tokens were hashed (`session:<token>`, the set `user-session-set:<uid>` of tokens): converted at boot. */
export const LEGACY_SESSION_PREFIX = 'session:';
export const LEGACY_USER_SESSIONS_PREFIX = 'user-session-set:';

/** The text stored under `sessionKey`. */
export const encodeSession = (record: SessionRecord): string => JSON.stringify(record);

/** The record stored under `sessionKey`; null for text that is not one (nothing that reads it can use it). */
export function decodeSession(stored: string): SessionRecord | null {
  try {
    const record = JSON.parse(stored) as SessionRecord | null;
    return typeof record === 'object' && record !== null && Number.isSafeInteger(record.uid) ? record : null;
  } catch {
    return null;
  }
}
