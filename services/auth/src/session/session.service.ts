import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { KeyValueStore } from '@quire/platform';
import { SESSION_TTL_SECONDS, type SessionRecord, sessionKey, userSessionsKey } from '@quire/proto';

export interface SessionUser {
  uid: number;
  username: string;
  groupid: number;
}

/**
 * Opaque session tokens in the KeyValueStore. `session:<token>` holds the SessionRecord the
 * gateway reads to resolve callers; the set `user-session-set:<uid>` holds a user's tokens so
 * that logout and password changes can end them. Tokens join and leave the set atomically:
 * two logins at once both stay listed, so a password change ends both.
 */
@Injectable()
export class SessionService {
  constructor(private readonly kv: KeyValueStore) {}

  /** Starts a session and returns its token (64 hex characters). */
  async create(user: SessionUser): Promise<string> {
    const token = randomBytes(32).toString('hex');
    const record: SessionRecord = {
      uid: user.uid,
      username: user.username,
      groupid: user.groupid,
      createdAt: Math.floor(Date.now() / 1000),
    };
    await this.kv.set(sessionKey(token), JSON.stringify(record), SESSION_TTL_SECONDS);
    await this.kv.addToSet(userSessionsKey(user.uid), [token], SESSION_TTL_SECONDS);
    await this.forgetExpired(user.uid);
    return token;
  }

  /** The record behind a token, or null when it ended or expired. */
  async resolve(token: string): Promise<SessionRecord | null> {
    if (!token) return null;
    const raw = await this.kv.get(sessionKey(token));
    if (raw === null) return null;
    try {
      return JSON.parse(raw) as SessionRecord;
    } catch {
      return null;
    }
  }

  /** Ends one session; ending an unknown or expired token does nothing. */
  async end(token: string): Promise<void> {
    if (!token) return;
    const record = await this.resolve(token);
    await this.kv.delete(sessionKey(token));
    if (record) await this.kv.removeFromSet(userSessionsKey(record.uid), [token]);
  }

  /** Ends every session of the user except `keep` (the caller's own, when it carried one). */
  async endOthers(uid: number, keep?: string): Promise<void> {
    const others = (await this.kv.setMembers(userSessionsKey(uid))).filter((t) => t !== keep);
    await Promise.all(others.map((t) => this.kv.delete(sessionKey(t))));
    await this.kv.removeFromSet(userSessionsKey(uid), others);
  }

  /** Drops tokens whose session expired from the user's set, so it does not grow with every login. */
  private async forgetExpired(uid: number): Promise<void> {
    const tokens = await this.kv.setMembers(userSessionsKey(uid));
    const records = await this.kv.getMany(tokens.map(sessionKey));
    await this.kv.removeFromSet(
      userSessionsKey(uid),
      tokens.filter((_, i) => records[i] === null),
    );
  }
}
