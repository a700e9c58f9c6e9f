import { Injectable, Logger } from '@nestjs/common';
import {
  type AddedUser,
  ADMIN_GROUP,
  type AdminAddUserDto,
  type AdminChangePasswordDto,
  type AdminListUsersDto,
  type AdminUserPage,
  AppError,
  type Caller,
  requireAdmin,
  type UpdateNotice,
} from '@quire/proto';
import { AuthClient } from '../clients/auth.client';
import { ItemClient } from '../clients/item.client';
import { TeamClient } from '../clients/team.client';

/** `adminUser/*`: the users live in the auth service; items are asked of the item service. */
@Injectable()
export class AdminUserService {
  private readonly logger = new Logger(AdminUserService.name);

  constructor(
    private readonly auth: AuthClient,
    private readonly items: ItemClient,
    private readonly teams: TeamClient,
  ) {}

  list(caller: Caller, dto: AdminListUsersDto): Promise<AdminUserPage> {
    requireAdmin(caller);
    return this.auth.listUsers(caller, dto);
  }

  add(caller: Caller, dto: AdminAddUserDto): Promise<AddedUser> {
    requireAdmin(caller);
    return this.auth.addUser(caller, dto);
  }

  changePassword(caller: Caller, dto: AdminChangePasswordDto): Promise<number> {
    requireAdmin(caller);
    return this.auth.changePassword(caller, dto);
  }

  /**
   * Deletes a user who owns no live item; auth refuses administrators (and so the last one)
   * and ends the user's sessions. Their item and team memberships go with them.
   */
  async delete(caller: Caller, uid: number): Promise<number> {
    requireAdmin(caller);
    const user = await this.auth.getUser(caller, uid);
    if (!user) throw AppError.failed('admin_user_not_found');
    if (user.groupid !== ADMIN_GROUP && (await this.items.countOwned(caller, uid)) > 0) throw AppError.failed('admin_user_owns_items');
    await this.auth.deleteUser(caller, uid);
    await this.items.forgetUser(caller, uid).catch((error: Error) => this.logger.warn(`memberships of deleted user ${uid} remain: ${error.message}`));
    await this.teams.forgetUser(caller, uid).catch((error: Error) => this.logger.warn(`team memberships of deleted user ${uid} remain: ${error.message}`));
    return 1;
  }

  /** No network on a self-hosted server: never a newer-version notice ({}), as the contract allows. */
  checkUpdate(caller: Caller): UpdateNotice {
    requireAdmin(caller);
    return {};
  }
}
