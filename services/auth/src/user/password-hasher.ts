import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';

/** Password hashing with argon2id (the library's default algorithm, 19 MiB, 2 passes). */
@Injectable()
export class PasswordHasher {
  private decoy?: Promise<string>;

  hash(password: string): Promise<string> {
    return hash(password);
  }

  /** True when the password matches the hash; false for a wrong password or a malformed hash. */
  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  }

  /**
   * Spends the same work as a real verification and always answers false, so a login for an
   * unknown username takes as long as one with a wrong password.
   */
  async verifyDecoy(password: string): Promise<false> {
    this.decoy ??= hash(randomBytes(16).toString('hex'));
    await this.verify(await this.decoy, password);
    return false;
  }
}
