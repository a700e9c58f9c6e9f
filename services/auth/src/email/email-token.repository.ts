import { randomBytes } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type Collection, DocumentStore, hashSecret } from '@quire/platform';
import type { EmailTokenEntity, EmailTokenPurpose } from './email-token.entity';

/** The `email_tokens` collection: single-use links with an expiry. */
@Injectable()
export class EmailTokenRepository implements OnModuleInit {
  private readonly tokens: Collection<EmailTokenEntity>;

  constructor(private readonly store: DocumentStore) {
    this.tokens = store.collection<EmailTokenEntity>('email_tokens');
  }

  async onModuleInit(): Promise<void> {
    await this.tokens.ensureIndex({ field: 'id', unique: true });
    await this.tokens.ensureIndex({ field: 'token_hash' });
    await this.tokens.ensureIndex({ field: 'uid' });
  }

  /**
   * A new link for the user and address; earlier unused links of the same purpose stop working.
   * Returns the token (64 hex characters), which only the mail carries.
   */
  async issue(uid: number, email: string, purpose: EmailTokenPurpose, now: number, ttlSeconds: number): Promise<string> {
    await this.tokens.updateMany({ uid, purpose, used: 0 }, { $set: { used: 1 } });
    await this.tokens.deleteMany({ expires_at: { $lt: now } });
    const token = randomBytes(32).toString('hex');
    await this.tokens.insertOne({
      id: await this.store.nextId('email_token_id'),
      uid,
      email,
      purpose,
      token_hash: hashSecret(token),
      created_at: now,
      expires_at: now + ttlSeconds,
      used: 0,
    });
    return token;
  }

  /** Uses the link up, once: the row when the token is the user's, unused and not expired, else null. */
  consume(uid: number, purpose: EmailTokenPurpose, token: string, now: number): Promise<EmailTokenEntity | null> {
    return this.tokens.findOneAndUpdate({ uid, purpose, token_hash: hashSecret(token), used: 0, expires_at: { $gt: now } }, { $set: { used: 1 } });
  }

  /** Every link of the user stops working (password changed, user deleted). */
  async revokeAll(uid: number, purpose: EmailTokenPurpose): Promise<void> {
    await this.tokens.updateMany({ uid, purpose, used: 0 }, { $set: { used: 1 } });
  }

  async removeByUser(uid: number): Promise<void> {
    await this.tokens.deleteMany({ uid });
  }
}
