/**
 * The session record behind an opaque `cookie_token`. The auth service writes it into
 * the KeyValueStore at login; the gateway reads it to resolve the caller.
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

export const sessionKey = (token: string) => `session:${token}`;
/** The set (KeyValueStore.addToSet) of a user's tokens, so logout and password changes can end them all. */
export const userSessionsKey = (uid: number) => `user-session-set:${uid}`;
