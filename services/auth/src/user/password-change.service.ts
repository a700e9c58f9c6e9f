import { Injectable } from '@nestjs/common';
import { EmailTokenRepository } from '../email/email-token.repository';
import { LoginFailureCounter } from '../login-guard/login-failure-counter';
import { SessionService } from '../session/session.service';
import { PasswordHasher } from './password-hasher';
import type { UserEntity } from './user.entity';
import { UserRepository } from './user.repository';

/**
 * The one way a password changes (the user's own change, an administrator's, a reset link):
 * the new hash is stored, then everything the old password stood behind ends: the reset links
 * mailed before, every session but `keepSession`, and the count of failed logins.
 */
@Injectable()
export class PasswordChangeService {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly tokens: EmailTokenRepository,
    private readonly sessions: SessionService,
    private readonly failures: LoginFailureCounter,
  ) {}

  /** False when the user no longer exists (nothing changed). */
  async change(user: Pick<UserEntity, 'uid' | 'username'>, newPassword: string, keepSession?: string): Promise<boolean> {
    if (!(await this.users.updatePasswordHash(user.uid, await this.hasher.hash(newPassword)))) return false;
    await this.tokens.revokeAll(user.uid, 'reset');
    await this.sessions.endOthers(user.uid, keepSession);
    await this.failures.reset(user.username);
    return true;
  }
}
