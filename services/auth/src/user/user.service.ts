import { Injectable } from '@nestjs/common';
import { ChangeFeed, DuplicateKeyError } from '@quire/platform';
import {
  ACTIVITY_TOPIC,
  type ActivityAction,
  activityOf,
  AppError,
  type Caller,
  type ChangeTopics,
  ErrorCode,
  type ListAllUsersDto,
  type LoggedInUser,
  type LoginByVerifyDto,
  type LoginUserDto,
  type RegisterByVerifyDto,
  type RegisterUserDto,
  Reply,
  type ResetUserPasswordDto,
  SESSION_TTL_SECONDS,
  type UpdateUserInfoDto,
  type UserInfo,
  type UserSuggestion,
} from '@quire/proto';
import { SettingClient } from '../clients/setting.client';
import { CaptchaByIdService } from '../captcha/captcha-by-id.service';
import { CaptchaService } from '../captcha/captcha.service';
import { LoginAttemptLimiter } from '../login-guard/login-attempt-limiter';
import { LOGIN_FAILURE_LIMIT, LoginFailureCounter } from '../login-guard/login-failure-counter';
import { LdapService } from '../ldap/ldap.service';
import { SessionService } from '../session/session.service';
import { TwoFactorService } from '../two-factor/two-factor.service';
import { LegacyHashCensus } from './legacy-hash-census';
import { PasswordChangeService } from './password-change.service';
import { PasswordHasher } from './password-hasher';
import { type UserEntity, UserGroup } from './user.entity';
import { UserRepository } from './user.repository';

/** `user/allUser` answers at most this many suggestions. */
export const USER_SUGGESTION_LIMIT = 50;

export const unixNow = () => Math.floor(Date.now() / 1000);

export function toUserInfo(user: UserEntity): UserInfo {
  return {
    uid: user.uid,
    username: user.username,
    name: user.name ?? '',
    email: user.email ?? '',
    email_verify: user.email_verify ?? 0,
    avatar: user.avatar ?? '',
    avatar_small: user.avatar_small ?? '',
    groupid: user.groupid,
    reg_time: user.reg_time ?? 0,
    last_login_time: user.last_login_time ?? 0,
    language: user.language ?? '',
  };
}

export function toLoggedInUser(user: UserEntity, token: string): LoggedInUser {
  return {
    uid: user.uid,
    username: user.username,
    name: user.name ?? '',
    groupid: user.groupid,
    avatar: user.avatar ?? '',
    avatar_small: user.avatar_small ?? '',
    email: user.email ?? '',
    email_verify: user.email_verify ?? 0,
    user_token: token,
    language: user.language ?? '',
  };
}

/** Registration, login, logout and a user's own profile (contract §3.2, §5, §9.2). */
@Injectable()
export class UserService {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionService,
    private readonly captcha: CaptchaService,
    private readonly captchaById: CaptchaByIdService,
    private readonly legacyHashes: LegacyHashCensus,
    private readonly failures: LoginFailureCounter,
    private readonly attempts: LoginAttemptLimiter,
    private readonly settings: SettingClient,
    private readonly ldap: LdapService,
    private readonly passwords: PasswordChangeService,
    private readonly feed: ChangeFeed<ChangeTopics>,
    private readonly twoFactor: TwoFactorService,
  ) {}

  /** One activity of a user's own account, once it has committed: `user` is the actor (a failed login: the name tried, uid 0). */
  private activity(caller: Caller, action: ActivityAction, user: { uid: number; username: string }, detail: Record<string, string | boolean> = {}): Promise<void> {
    return this.feed.publishAfterCommit(ACTIVITY_TOPIC, activityOf(caller, action, 0, { type: 'user', id: user.uid, name: user.username }, detail, user));
  }

  /** Creates a user (group 2) and logs them in; answers the new user as `user/login` does, with `user_token` (ShowDoc 3.x). */
  async register(caller: Caller, dto: RegisterUserDto): Promise<Reply<LoggedInUser>> {
    await this.assertRegistrationOpen(caller);
    if (!(await this.captcha.consume(caller.clientId, dto.v_code))) {
      throw new AppError(ErrorCode.Captcha, 'verification_code_are_incorrect');
    }
    const { user, token } = await this.createAccount(dto);
    await this.activity(caller, 'user.register', user);
    return Reply.withSession(toLoggedInUser(user, token), token, SESSION_TTL_SECONDS);
  }

  /**
   * ShowDoc 3.x's `user/registerByVerify`: `register` with a `captcha_id` captcha; like ShowDoc 3.9
   * it answers the new user as `user/login` does (its client keeps `user_token`).
   */
  async registerByVerify(caller: Caller, dto: RegisterByVerifyDto): Promise<Reply<LoggedInUser>> {
    await this.assertRegistrationOpen(caller);
    if (!(await this.captchaById.consume(dto.captcha_id, dto.captcha))) {
      throw new AppError(ErrorCode.Captcha, 'verification_code_are_incorrect');
    }
    const { user, token } = await this.createAccount(dto);
    await this.activity(caller, 'user.register', user);
    return Reply.withSession(toLoggedInUser(user, token), token, SESSION_TTL_SECONDS);
  }

  private async createAccount(dto: RegisterUserDto | RegisterByVerifyDto): Promise<{ user: UserEntity; token: string }> {
    if (dto.password !== dto.confirm_password) throw AppError.failed('code_much_the_same');
    if (await this.users.findByUsername(dto.username)) throw AppError.failed('username_exists');

    let user: UserEntity;
    try {
      user = await this.users.create({
        username: dto.username,
        passwordHash: await this.hasher.hash(dto.password),
        groupid: UserGroup.User,
        now: unixNow(),
        loggedIn: true,
      });
    } catch (error) {
      if (error instanceof DuplicateKeyError) throw AppError.failed('username_exists');
      throw error;
    }
    return { user, token: await this.sessions.create(user) };
  }

  /**
   * Checks the credentials; after LOGIN_FAILURE_LIMIT consecutive failures for a username, a
   * correct captcha is required first. An unknown username answers like a wrong password. When
   * the local check fails and directory login is on, the directory decides (LdapService).
   * An address that failed too often (LoginAttemptLimiter) is refused before any of that.
   */
  async login(caller: Caller, dto: LoginUserDto): Promise<Reply<LoggedInUser>> {
    if (dto.password === '') throw new AppError(ErrorCode.Captcha, 'no_empty_password');
    await this.attempts.assertAllowed(caller.ip, dto.username);
    if (await this.failures.needsCaptcha(dto.username)) {
      if (!(await this.captcha.consume(caller.clientId, dto.v_code))) {
        throw new AppError(ErrorCode.Captcha, 'verification_code_are_incorrect');
      }
    }
    return this.checkCredentials(caller, dto.username, dto.password);
  }

  /** ShowDoc 3.x's `user/loginByVerify`: `login` with a `captcha_id` captcha, asked every time. */
  async loginByVerify(caller: Caller, dto: LoginByVerifyDto): Promise<Reply<LoggedInUser>> {
    if (dto.password === '') throw new AppError(ErrorCode.Captcha, 'no_empty_password');
    await this.attempts.assertAllowed(caller.ip, dto.username);
    if (!(await this.captchaById.consume(dto.captcha_id, dto.captcha))) {
      throw new AppError(ErrorCode.Captcha, 'verification_code_are_incorrect');
    }
    return this.checkCredentials(caller, dto.username, dto.password);
  }

  /**
   * The local password, then the directory; a hash a ShowDoc import brought (bcrypt, salted MD5)
   * is replaced with argon2id once it has matched.
   */
  private async checkCredentials(caller: Caller, username: string, password: string): Promise<Reply<LoggedInUser>> {
    const found = await this.users.findByUsername(username);
    // An account linked to a directory entry signs in with the directory's password while directory login is on.
    const local = found && !(await this.ldap.decides(caller, found)) ? found : null;
    const options = { padBcrypt: await this.legacyHashes.bcryptRemains() };
    const valid = local ? await this.hasher.verify(local.password_hash, password, options) : await this.hasher.verifyDecoy(password, options);
    let user: UserEntity | null = local && valid ? local : null;
    if (user && this.hasher.needsRehash(user.password_hash)) {
      await this.users.replacePasswordHash(user.uid, user.password_hash, await this.hasher.hash(password));
    }
    if (!user) {
      try {
        user = await this.ldap.login(caller, username, password);
      } catch (error) {
        await this.failures.record(username);
        await this.attempts.recordFailure(caller.ip, username);
        await this.activity(caller, 'user.login_failed', { uid: 0, username }, { directory: true });
        throw error;
      }
    }
    if (!user) {
      const count = await this.failures.record(username);
      await this.attempts.recordFailure(caller.ip, username);
      await this.activity(caller, 'user.login_failed', { uid: 0, username });
      const code = count < LOGIN_FAILURE_LIMIT ? ErrorCode.BadCredentials : ErrorCode.BadCredentialsCaptcha;
      throw new AppError(code, 'username_or_password_incorrect');
    }

    await this.failures.reset(username);
    await this.attempts.recordSuccess(caller.ip, username);
    // A second factor, when one is due, before any session (issue 21): the answer asks for a code instead.
    await this.twoFactor.demand(caller, user);
    const now = unixNow();
    await this.users.touchLastLogin(user.uid, now);
    const token = await this.sessions.create(user);
    await this.activity(caller, 'user.login', user);
    return Reply.withSession(toLoggedInUser({ ...user, last_login_time: now }, token), token, SESSION_TTL_SECONDS);
  }

  /** A login the second factor completed (TwoFactorController): the session starts, as a password login's does. */
  async startSession(caller: Caller, user: UserEntity): Promise<Reply<LoggedInUser>> {
    const now = unixNow();
    await this.users.touchLastLogin(user.uid, now);
    const token = await this.sessions.create(user);
    await this.activity(caller, 'user.login', user);
    return Reply.withSession(toLoggedInUser({ ...user, last_login_time: now }, token), token, SESSION_TTL_SECONDS);
  }

  /** Ends the caller's session, if any, and clears the cookie. */
  async logout(caller: Caller): Promise<Reply<never[]>> {
    if (caller.token) await this.sessions.end(caller.token);
    if (caller.uid > 0) await this.activity(caller, 'user.logout', caller);
    return Reply.clearingSession([]);
  }

  async info(caller: Caller): Promise<UserInfo> {
    return toUserInfo(await this.currentUser(caller));
  }

  async updateInfo(caller: Caller, dto: UpdateUserInfoDto): Promise<never[]> {
    const user = await this.currentUser(caller);
    if (dto.name !== undefined) await this.users.updateName(user.uid, dto.name.trim());
    if (dto.language !== undefined && dto.language !== (user.language ?? '')) {
      await this.users.updateLanguage(user.uid, dto.language);
      await this.sessions.setLanguage(user.uid, dto.language);
    }
    return [];
  }

  /** Changes the caller's password; every other session of the user and every reset link mailed before end. */
  async resetPassword(caller: Caller, dto: ResetUserPasswordDto): Promise<never[]> {
    const user = await this.currentUser(caller);
    if (!(await this.hasher.verify(user.password_hash, dto.password))) throw AppError.failed('old_password_incorrect');
    if (!(await this.passwords.change(user, dto.new_password, caller.token))) throw AppError.failed('modify_faild');
    await this.activity(caller, 'user.password_change', user);
    return [];
  }

  /** Autocomplete: usernames containing the text, case-insensitive, at most USER_SUGGESTION_LIMIT. */
  async suggest(dto: ListAllUsersDto): Promise<UserSuggestion[]> {
    const users = await this.users.searchByUsername(dto.username.trim(), USER_SUGGESTION_LIMIT);
    return users.map((u) => ({ value: u.username, username: u.username, uid: u.uid, name: u.name ?? '' }));
  }

  private async currentUser(caller: Caller): Promise<UserEntity> {
    const user = caller.uid > 0 ? await this.users.findByUid(caller.uid) : null;
    if (!user) throw new AppError(ErrorCode.NotLoggedIn, 'not_logged_in');
    return user;
  }

  /**
   * The admin service owns the `register_open` option ('0' = closed, unset = open). A server
   * without an admin service (no route) counts as open; an unreachable one fails the call.
   */
  private async assertRegistrationOpen(caller: Caller): Promise<void> {
    if ((await this.settings.value(caller, 'register_open')) === '0') throw AppError.failed('register_closed');
  }
}
