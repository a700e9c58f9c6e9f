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
 * gateway reads to resolve callers; `user-sessions:<uid>` lists a user's tokens so that
 * logout and password changes can end them.
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
    const live = await this.liveTokens(user.uid);
    await this.saveTokens(user.uid, [...live, token]);
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
    if (record) {
      const live = await this.liveTokens(record.uid);
      await this.saveTokens(
        record.uid,
        live.filter((t) => t !== token),
      );
    }
  }

  /** Ends every session of the user except `keep` (the caller's own, when it carried one). */
  async endOthers(uid: number, keep?: string): Promise<void> {
    const tokens = await this.listTokens(uid);
    const others = tokens.filter((t) => t !== keep);
    await Promise.all(others.map((t) => this.kv.delete(sessionKey(t))));
    await this.saveTokens(uid, keep !== undefined && tokens.includes(keep) ? [keep] : []);
  }

  /** The user's tokens whose session still exists (expired ones are dropped from the list). */
  private async liveTokens(uid: number): Promise<string[]> {
    const tokens = await this.listTokens(uid);
    const alive = await Promise.all(tokens.map(async (t) => ((await this.kv.get(sessionKey(t))) === null ? null : t)));
    return alive.filter((t): t is string => t !== null);
  }

  private async listTokens(uid: number): Promise<string[]> {
    const raw = await this.kv.get(userSessionsKey(uid));
    if (raw === null) return [];
    try {
      const parsed: unknown = JSON.parse(raw);
      return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
    } catch {
      return [];
    }
  }

  private async saveTokens(uid: number, tokens: string[]): Promise<void> {
    if (tokens.length === 0) {
      await this.kv.delete(userSessionsKey(uid));
      return;
    }
    await this.kv.set(userSessionsKey(uid), JSON.stringify(tokens), SESSION_TTL_SECONDS);
  }
}
