import { Injectable } from '@nestjs/common';
import { UserRepository } from './user.repository';

/** How long one answer is trusted; an import that adds bcrypt users is seen within this time. */
export const LEGACY_CENSUS_TTL_MS = 60_000;

/**
 * Whether any stored password is still an imported bcrypt hash (PasswordHasher pads every login
 * check with bcrypt work while one is). Asked once a minute per process, not on every login.
 */
@Injectable()
export class LegacyHashCensus {
  private answer?: { value: Promise<boolean>; until: number };

  constructor(private readonly users: UserRepository) {}

  bcryptRemains(): Promise<boolean> {
    const now = Date.now();
    if (!this.answer || this.answer.until <= now) {
      const value = this.users.hasBcryptHash();
      this.answer = { value, until: now + LEGACY_CENSUS_TTL_MS };
      value.catch(() => (this.answer = undefined));
    }
    return this.answer.value;
  }
}
