import { Injectable, Logger } from '@nestjs/common';
import { ChangeFeed, DuplicateKeyError } from '@quire/platform';
import {
  ACTIVITY_TOPIC,
  type ActivityAction,
  activityOf,
  type AddedUser,
  type AdminAddUserDto,
  type AdminChangePasswordDto,
  type AdminListUsersDto,
  type AdminUserPage,
  type AdminUserRow,
  AppError,
  type Caller,
  type ChangeTopics,
  escapeHtml,
  formatTime,
  requireAdmin,
} from '@quire/proto';
import { ItemClient } from '../clients/item.client';
import { TeamClient } from '../clients/team.client';
import { EmailTokenRepository } from '../email/email-token.repository';
import { LoginFailureCounter } from '../login-guard/login-failure-counter';
import { SessionService } from '../session/session.service';
import { PersonalTokenService } from '../token/personal-token.service';
import { TwoFactorService } from '../two-factor/two-factor.service';
import { PasswordChangeService } from '../user/password-change.service';
import { PasswordHasher } from '../user/password-hasher';
import { type UserEntity, UserGroup } from '../user/user.entity';
import { UserRepository } from '../user/user.repository';
import { unixNow } from '../user/user.service';

export function toAdminUserRow(user: UserEntity): AdminUserRow {
  return {
    uid: user.uid,
    username: escapeHtml(user.username),
    name: escapeHtml(user.name ?? ''),
    email: escapeHtml(user.email ?? ''),
    email_verify: user.email_verify ?? 0,
    groupid: user.groupid,
    reg_time: formatTime(user.reg_time ?? 0),
    last_login_time: user.last_login_time ? formatTime(user.last_login_time) : '',
  };
}

/** What the administrator console may do with users (`adminUser/*`: the gateway refused non-administrators, checked again here). */
@Injectable()
export class UserAdminService {
  private readonly logger = new Logger(UserAdminService.name);

  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionService,
    private readonly failures: LoginFailureCounter,
    private readonly tokens: EmailTokenRepository,
    private readonly passwords: PasswordChangeService,
    private readonly items: ItemClient,
    private readonly teams: TeamClient,
    private readonly apiTokens: PersonalTokenService,
    private readonly feed: ChangeFeed<ChangeTopics>,
    private readonly twoFactor: TwoFactorService,
  ) {}

  /** One activity of the console on a user, once it has committed. */
  private activity(caller: Caller, action: ActivityAction, user: Pick<UserEntity, 'uid' | 'username'>, change: string): Promise<void> {
    return this.feed.publishAfterCommit(ACTIVITY_TOPIC, activityOf(caller, action, 0, { type: 'user', id: user.uid, name: user.username }, { change }));
  }

  /** One page of users whose username contains the text, newest first, and the total that match. */
  async list(caller: Caller, dto: AdminListUsersDto): Promise<AdminUserPage> {
    requireAdmin(caller);
    const text = dto.username.trim();
    const [total, users] = await Promise.all([this.users.countMatching(text), this.users.searchPage(text, (dto.page - 1) * dto.count, dto.count)]);
    return { total, users: users.map(toAdminUserRow) };
  }

  /** A normal user (group 2) with the rules of `user/register`. */
  async add(caller: Caller, dto: AdminAddUserDto): Promise<AddedUser> {
    requireAdmin(caller);
    if (await this.users.findByUsername(dto.username)) throw AppError.failed('username_exists');
    try {
      const user = await this.users.create({
        username: dto.username,
        passwordHash: await this.hasher.hash(dto.password),
        groupid: UserGroup.User,
        now: unixNow(),
      });
      await this.activity(caller, 'admin.user_add', user, 'add');
      return { uid: user.uid, username: user.username };
    } catch (error) {
      if (error instanceof DuplicateKeyError) throw AppError.failed('username_exists');
      throw error;
    }
  }

  /**
   * Sets a user's password; their sessions and the reset links mailed to them end (the
   * administrator's own session, when it is theirs, stays).
   */
  async changePassword(caller: Caller, dto: AdminChangePasswordDto): Promise<number> {
    requireAdmin(caller);
    const user = await this.users.findByUid(dto.uid);
    if (!user || !(await this.passwords.change(user, dto.new_password, user.uid === caller.uid ? caller.token : undefined))) {
      throw AppError.failed('admin_user_not_found');
    }
    await this.activity(caller, 'admin.user_update', user, 'password');
    return 1;
  }

  /**
   * Deletes a user who is not an administrator (so never the last one) and owns no live item (the
   * item service counts them), and ends their sessions. Their item and team memberships go with
   * them; when the item or team service cannot drop those, the user stays deleted and a warning
   * names what remains.
   */
  async delete(caller: Caller, uid: number): Promise<number> {
    requireAdmin(caller);
    const user = await this.users.findByUid(uid);
    if (!user) throw AppError.failed('admin_user_not_found');
    if (user.groupid === UserGroup.Admin) {
      throw AppError.failed((await this.users.countByGroup(UserGroup.Admin)) <= 1 ? 'admin_last_admin' : 'admin_user_is_admin');
    }
    if ((await this.items.countOwned(caller, uid)) > 0) throw AppError.failed('admin_user_owns_items');
    if ((await this.users.remove(uid)) === 0) throw AppError.failed('admin_user_not_found');
    await this.sessions.endOthers(uid);
    await this.failures.reset(user.username);
    await this.tokens.removeByUser(uid);
    await this.apiTokens.revokeAll(uid);
    await this.twoFactor.forget(uid);
    await this.items.forgetUser(caller, uid).catch((error: Error) => this.logger.warn(`memberships of deleted user ${uid} remain: ${error.message}`));
    await this.teams.forgetUser(caller, uid).catch((error: Error) => this.logger.warn(`team memberships of deleted user ${uid} remain: ${error.message}`));
    await this.activity(caller, 'admin.user_delete', user, 'delete');
    return 1;
  }
}
