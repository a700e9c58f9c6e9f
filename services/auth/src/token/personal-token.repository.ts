import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type Collection, DocumentStore } from '@quire/platform';
import type { PersonalTokenEntity } from './personal-token.entity';

/** The `personal_tokens` collection: a user's API tokens, by the SHA-256 of the token. */
@Injectable()
export class PersonalTokenRepository implements OnModuleInit {
  private readonly tokens: Collection<PersonalTokenEntity>;

  constructor(private readonly store: DocumentStore) {
    this.tokens = store.collection<PersonalTokenEntity>('personal_tokens');
  }

  async onModuleInit(): Promise<void> {
    await this.tokens.ensureIndex({ field: 'id', unique: true });
    await this.tokens.ensureIndex({ field: 'token_hash', unique: true });
    await this.tokens.ensureIndex({ field: 'uid' });
  }

  async create(token: Omit<PersonalTokenEntity, 'id'>): Promise<PersonalTokenEntity> {
    const id = await this.store.nextId('personal_token_id');
    return this.tokens.insertOne({ id, ...token });
  }

  /** The user's tokens not revoked (expired ones too, so the list says they expired), newest first. */
  ofUser(uid: number): Promise<PersonalTokenEntity[]> {
    return this.tokens.find({ uid, revoked_time: 0 }, { sort: { id: -1 } });
  }

  /** The user's tokens that still work at `now`. */
  liveOfUser(uid: number, now: number): Promise<PersonalTokenEntity[]> {
    return this.tokens.find({ uid, revoked_time: 0, $or: [{ expire_time: 0 }, { expire_time: { $gt: now } }] });
  }

  /** Every token that still works at `now` (published again at boot). */
  live(now: number): Promise<PersonalTokenEntity[]> {
    return this.tokens.find({ revoked_time: 0, $or: [{ expire_time: 0 }, { expire_time: { $gt: now } }] });
  }

  /** Revokes the user's token; the revoked row, or null when the user has no such live token. */
  revoke(uid: number, id: number, now: number): Promise<PersonalTokenEntity | null> {
    return this.tokens.findOneAndUpdate({ id, uid, revoked_time: 0 }, { $set: { revoked_time: now } });
  }

  async revokeAllOfUser(uid: number, now: number): Promise<PersonalTokenEntity[]> {
    const tokens = await this.tokens.find({ uid, revoked_time: 0 });
    await this.tokens.updateMany({ uid, revoked_time: 0 }, { $set: { revoked_time: now } });
    return tokens;
  }

  async touch(id: number, now: number): Promise<void> {
    await this.tokens.updateOne({ id, revoked_time: 0 }, { $set: { last_used_time: now } });
  }
}
