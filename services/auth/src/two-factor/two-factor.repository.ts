import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DocumentStore, SealedCollection, SecretCipher } from '@quire/platform';
import type { TwoFactorEntity } from './two-factor.entity';

/** The `two_factor` collection, one row per user who set a second factor up; the secrets sealed (SealedCollection). */
@Injectable()
export class TwoFactorRepository implements OnModuleInit {
  private readonly rows: SealedCollection<TwoFactorEntity>;

  constructor(store: DocumentStore, cipher: SecretCipher) {
    this.rows = new SealedCollection(store.collection<TwoFactorEntity>('two_factor'), cipher, { key: 'uid', fields: ['secret', 'pending_secret'] });
  }

  async onModuleInit(): Promise<void> {
    await this.rows.ensureIndex({ field: 'uid', unique: true });
    await this.rows.reseal();
  }

  find(uid: number): Promise<TwoFactorEntity | null> {
    return this.rows.findOne({ uid });
  }

  /** A new secret waiting for its first code (the active one, if any, stays). */
  async setPending(uid: number, secret: string): Promise<void> {
    if ((await this.rows.updateOne({ uid }, { $set: { pending_secret: secret } })) === 0) {
      await this.rows.insertOne({ uid, secret: '', pending_secret: secret, enabled_time: 0, recovery_hashes: [], last_step: 0 });
    }
  }

  /** The pending secret becomes the active one, with new recovery codes; false when it changed meanwhile. */
  async enable(uid: number, pendingSecret: string, recoveryHashes: string[], step: number, now: number): Promise<boolean> {
    const row = await this.rows.findOne({ uid });
    if (!row || row.pending_secret !== pendingSecret || row.enabled_time !== 0) return false;
    await this.rows.updateOne({ uid, enabled_time: 0 }, { $set: { secret: pendingSecret, pending_secret: '', enabled_time: now, recovery_hashes: recoveryHashes, last_step: step } });
    return true;
  }

  /** Records an accepted code's time step, unless one at or after it was accepted meanwhile (a replay in a race). */
  async acceptStep(uid: number, step: number): Promise<boolean> {
    return (await this.rows.updateOne({ uid, last_step: { $lt: step } }, { $set: { last_step: step } })) === 1;
  }

  /** Uses up one recovery code; false when it was not (or no longer) the user's. */
  async useRecoveryCode(uid: number, hash: string): Promise<boolean> {
    return (await this.rows.updateOne({ uid, recovery_hashes: hash }, { $pull: { recovery_hashes: hash } })) === 1;
  }

  async replaceRecoveryCodes(uid: number, hashes: string[]): Promise<void> {
    await this.rows.updateOne({ uid }, { $set: { recovery_hashes: hashes } });
  }

  async remove(uid: number): Promise<number> {
    return this.rows.deleteOne({ uid });
  }
}
