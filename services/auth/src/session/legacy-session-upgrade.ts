import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { hashSecret, KeyValueStore } from '@quire/platform';
import { LEGACY_SESSION_PREFIX, LEGACY_USER_SESSIONS_PREFIX, sessionKey, userSessionsKey } from '@quire/proto';

/**
 * Sessions stored before tokens were hashed (`session:<token>`, and sets of tokens per user) move
 * to their hashed keys at boot with the lifetime they had left, so nobody is logged out. The old
 * keys go, and the store's files are compacted: no token that works stays on disk.
 */
@Injectable()
export class LegacySessionUpgrade implements OnModuleInit {
  private readonly logger = new Logger(LegacySessionUpgrade.name);

  constructor(private readonly kv: KeyValueStore) {}

  async onModuleInit(): Promise<void> {
    const moved = (await this.moveSessions()) + (await this.moveUserSets());
    if (moved === 0) return;
    await this.kv.compact();
    this.logger.log(`${moved} session keys written before tokens were hashed are now stored by hash`);
  }

  private async moveSessions(): Promise<number> {
    const keys = await this.kv.keysWithPrefix(LEGACY_SESSION_PREFIX);
    for (const key of keys) {
      const [record, ttl] = await Promise.all([this.kv.get(key), this.kv.ttl(key)]);
      if (record !== null) await this.kv.set(sessionKey(hashSecret(key.slice(LEGACY_SESSION_PREFIX.length))), record, lifetime(ttl));
      await this.kv.delete(key);
    }
    return keys.length;
  }

  private async moveUserSets(): Promise<number> {
    const keys = await this.kv.keysWithPrefix(LEGACY_USER_SESSIONS_PREFIX);
    for (const key of keys) {
      const uid = Number(key.slice(LEGACY_USER_SESSIONS_PREFIX.length));
      const [tokens, ttl] = await Promise.all([this.kv.setMembers(key), this.kv.ttl(key)]);
      if (Number.isSafeInteger(uid) && tokens.length > 0) await this.kv.addToSet(userSessionsKey(uid), tokens.map(hashSecret), lifetime(ttl));
      await this.kv.delete(key);
    }
    return keys.length;
  }
}

/** The seconds a key had left, as a TTL to set again (none when it had none). */
const lifetime = (ttl: number): number | undefined => (ttl > 0 ? ttl : undefined);
