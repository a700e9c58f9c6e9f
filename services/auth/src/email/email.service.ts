import { Inject, Injectable } from '@nestjs/common';
import type { QuireConfig } from '@quire/config';
import { ChangeFeed, JobQueue, QUIRE_CONFIG } from '@quire/platform';
import {
  ACTIVITY_TOPIC,
  activityOf,
  AppError,
  type Caller,
  type ChangeTopics,
  ErrorCode,
  JobName,
  type JobPayloads,
  type LoggedInUser,
  type MessageKey,
  Reply,
  type ResetPasswordByUrlDto,
  type ResetPasswordEmailDto,
  SESSION_TTL_SECONDS,
  translate,
  type UpdateEmailDto,
  type VerifyEmailDto,
} from '@quire/proto';
import { CaptchaService } from '../captcha/captcha.service';
import { SessionService } from '../session/session.service';
import { PasswordChangeService } from '../user/password-change.service';
import { PasswordHasher } from '../user/password-hasher';
import type { UserEntity } from '../user/user.entity';
import { UserRepository } from '../user/user.repository';
import { toLoggedInUser, unixNow } from '../user/user.service';
import { resetPasswordLink, verifyEmailLink } from './email-links';
import { EmailTokenRepository } from './email-token.repository';
import { MailThrottle } from './mail-throttle';

export const VERIFY_LINK_TTL_SECONDS = 24 * 3600;
export const RESET_LINK_TTL_SECONDS = 3600;

/** Addresses are compared and stored lower-case. */
const normalise = (email: string) => email.trim().toLowerCase();

/**
 * E-mail binding and password reset by mail (contract §9.2, a design of our own): links carry a
 * single-use token with an expiry; mail is queued as a `SendMail` job and leaves through the Mailer.
 */
@Injectable()
export class EmailService {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly captcha: CaptchaService,
    private readonly sessions: SessionService,
    private readonly passwords: PasswordChangeService,
    private readonly tokens: EmailTokenRepository,
    private readonly throttle: MailThrottle,
    private readonly jobs: JobQueue<JobPayloads>,
    private readonly feed: ChangeFeed<ChangeTopics>,
    @Inject(QUIRE_CONFIG) private readonly config: QuireConfig,
  ) {}

  /**
   * Binds an address to the caller (unverified) and mails a verification link; the login
   * password confirms. Rebinding the verified address the caller already has changes nothing.
   */
  async updateEmail(caller: Caller, dto: UpdateEmailDto): Promise<never[]> {
    const user = caller.uid > 0 ? await this.users.findByUid(caller.uid) : null;
    if (!user) throw new AppError(ErrorCode.NotLoggedIn, 'not_logged_in');
    if (!dto.password || !(await this.hasher.verify(user.password_hash, dto.password))) throw AppError.failed('login_password_incorrect');
    const email = normalise(dto.email);
    if (user.email === email && user.email_verify === 1) return [];
    const holder = await this.users.findByVerifiedEmail(email);
    if (holder && holder.uid !== user.uid) throw AppError.failed('email_taken');
    if (!(await this.throttle.acquire(email))) throw AppError.failed('mail_too_frequent');

    await this.users.setEmail(user.uid, email);
    const token = await this.tokens.issue(user.uid, email, 'verify', unixNow(), VERIFY_LINK_TTL_SECONDS);
    await this.mail(email, 'mail_verify_subject', 'mail_verify_text', {
      username: user.username,
      link: verifyEmailLink(this.config.publicUrl, user.uid, token),
    });
    return [];
  }

  /** The verification link: the address becomes verified when it is still the user's and nobody else verified it. */
  async verifyEmail(dto: VerifyEmailDto): Promise<never[]> {
    const row = await this.tokens.consume(dto.uid, 'verify', dto.token, unixNow());
    const user = row ? await this.users.findByUid(dto.uid) : null;
    if (!row || !user || user.email !== row.email) throw AppError.failed('email_verify_link_invalid');
    const holder = await this.users.findByVerifiedEmail(row.email);
    if (holder && holder.uid !== user.uid) throw AppError.failed('email_taken');
    if (!(await this.users.markEmailVerified(user.uid, row.email))) throw AppError.failed('email_verify_link_invalid');
    return [];
  }

  /**
   * Mails a reset link to the user whose verified address this is. The answer is the same whether
   * or not such a user exists, and whether or not the address had a mail in the last 3 minutes.
   */
  async resetPasswordEmail(caller: Caller, dto: ResetPasswordEmailDto): Promise<never[]> {
    if (!(await this.captcha.consume(caller.clientId, dto.v_code))) {
      throw new AppError(ErrorCode.Captcha, 'verification_code_are_incorrect');
    }
    const email = normalise(dto.email);
    if (!(await this.throttle.acquire(email))) return [];
    const user = await this.users.findByVerifiedEmail(email);
    if (!user) return [];
    const token = await this.tokens.issue(user.uid, email, 'reset', unixNow(), RESET_LINK_TTL_SECONDS);
    await this.mail(email, 'mail_reset_subject', 'mail_reset_text', {
      username: user.username,
      link: resetPasswordLink(this.config.publicUrl, user.uid, email, token),
    });
    return [];
  }

  /** Sets the new password with a reset link (once), ends every other session and logs the user in. */
  async resetPasswordByUrl(caller: Caller, dto: ResetPasswordByUrlDto): Promise<Reply<LoggedInUser>> {
    const email = normalise(dto.email);
    const row = await this.tokens.consume(dto.uid, 'reset', dto.token, unixNow());
    const user: UserEntity | null = row && row.email === email ? await this.users.findByUid(dto.uid) : null;
    if (!user || user.email !== email || user.email_verify !== 1) throw AppError.failed('reset_link_invalid');

    if (!(await this.passwords.change(user, dto.new_password))) throw AppError.failed('reset_link_invalid');
    await this.feed.publishAfterCommit(ACTIVITY_TOPIC, activityOf(caller, 'user.password_change', 0, { type: 'user', id: user.uid, name: user.username }, { by_mail: true }, user));
    const now = unixNow();
    await this.users.touchLastLogin(user.uid, now);
    const token = await this.sessions.create(user);
    return Reply.withSession(toLoggedInUser({ ...user, last_login_time: now }, token), token, SESSION_TTL_SECONDS);
  }

  private async mail(to: string, subject: MessageKey, text: MessageKey, params: Record<string, string>): Promise<void> {
    const language = this.config.language;
    await this.jobs.add(JobName.SendMail, { to, subject: translate(subject, language, params), text: translate(text, language, params) });
  }
}
