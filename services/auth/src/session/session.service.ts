import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { hashSecret, KeyValueStore } from '@quire/platform';
import { decodeSession, encodeSession, type Language, SESSION_TTL_SECONDS, type SessionRecord, sessionKey, sessionLanguageKey, userSessionsKey } from '@quire/proto';

export interface SessionUser {
  uid: number;
  username: string;
  groupid: number;
  /** The user's language setting; '' or absent when none. */
  language?: Language | '';
}

/**
 * Opaque session tokens, stored only as their SHA-256 (a copy of the store opens no session).
 * `sessionKey(hash)` holds the SessionRecord that the gateway resolves callers to through
 * `SessionReader` (it hashes the token it receives): auth owns that format, in proto's session.ts.
 * The set `userSessionsKey(uid)` holds a user's hashes so that logout and password changes can end
 * them, and callers carry the hash (`Caller.token`). Hashes join and leave the set atomically: two
 * logins at once both stay listed, so a password change ends both.
 */
@Injectable()
export class SessionService {
  constructor(private readonly kv: KeyValueStore) {}

  /** Starts a session and returns its token (64 hex characters), which only the client keeps. */
  async create(user: SessionUser): Promise<string> {
    const token = randomBytes(32).toString('hex');
    const hash = hashSecret(token);
    const record: SessionRecord = {
      uid: user.uid,
      username: user.username,
      groupid: user.groupid,
      createdAt: Math.floor(Date.now() / 1000),
    };
    if (user.language) await this.kv.set(sessionLanguageKey(hash), user.language, SESSION_TTL_SECONDS);
    await this.kv.set(sessionKey(hash), encodeSession(record), SESSION_TTL_SECONDS);
    await this.kv.addToSet(userSessionsKey(user.uid), [hash], SESSION_TTL_SECONDS);
    await this.forgetExpired(user.uid);
    return token;
  }

  /** The record behind a token's hash, or null when it ended or expired. */
  private async resolve(tokenHash: string): Promise<SessionRecord | null> {
    const stored = await this.kv.get(sessionKey(tokenHash));
    return stored === null ? null : decodeSession(stored);
  }

  /** Ends one session, named by its token's hash (`Caller.token`); an unknown or expired one does nothing. */
  async end(tokenHash: string): Promise<void> {
    if (!tokenHash) return;
    const record = await this.resolve(tokenHash);
    await this.kv.delete(sessionKey(tokenHash));
    await this.kv.delete(sessionLanguageKey(tokenHash));
    if (record) await this.kv.removeFromSet(userSessionsKey(record.uid), [tokenHash]);
  }

  /** Ends every session of the user except the one whose hash is `keep` (the caller's own, when it carried one). */
  async endOthers(uid: number, keep?: string): Promise<void> {
    const others = (await this.kv.setMembers(userSessionsKey(uid))).filter((hash) => hash !== keep);
    await Promise.all(others.flatMap((hash) => [this.kv.delete(sessionKey(hash)), this.kv.delete(sessionLanguageKey(hash))]));
    await this.kv.removeFromSet(userSessionsKey(uid), others);
  }

  /**
   * Puts a changed language setting beside every live session of the user ('' removes it), for the time
   * the session has left, so the gateway words the user's next answers in it on every device.
   */
  async setLanguage(uid: number, language: Language | ''): Promise<void> {
    const hashes = await this.kv.setMembers(userSessionsKey(uid));
    await Promise.all(
      hashes.map(async (hash) => {
        if (!language) return this.kv.delete(sessionLanguageKey(hash));
        const ttl = await this.kv.ttl(sessionKey(hash));
        // Ended or expired: nothing to follow. (One ending meanwhile leaves a language key that names no session.)
        if (ttl > 0) await this.kv.set(sessionLanguageKey(hash), language, ttl);
      }),
    );
  }

  /** Drops hashes whose session expired from the user's set, so it does not grow with every login. */
  private async forgetExpired(uid: number): Promise<void> {
    const hashes = await this.kv.setMembers(userSessionsKey(uid));
    const records = await this.kv.getMany(hashes.map(sessionKey));
    await this.kv.removeFromSet(
      userSessionsKey(uid),
      hashes.filter((_, i) => records[i] === null),
    );
  }
}
