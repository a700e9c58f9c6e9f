import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  type AddedUser,
  AdminAddUserSchema,
  AdminChangePasswordSchema,
  AdminListUsersSchema,
  AdminUserIdSchema,
  type AdminUserPage,
  type Incoming,
  parseParams,
  Subject,
} from '@quire/proto';
import { Handles } from '../handles';
import { UserAdminService } from './user-admin.service';

/** `adminUser/*` of the administrator console: the gateway routes them here, to the owner of the users. */
@Controller()
export class UserAdminController {
  constructor(private readonly admin: UserAdminService) {}

  @Handles(Subject.AuthAdminListUsers)
  list(@Payload() message: Incoming<typeof Subject.AuthAdminListUsers>): Promise<AdminUserPage> {
    return this.admin.list(message.caller, parseParams(AdminListUsersSchema, message.params));
  }

  @Handles(Subject.AuthAdminAddUser)
  add(@Payload() message: Incoming<typeof Subject.AuthAdminAddUser>): Promise<AddedUser> {
    return this.admin.add(message.caller, parseParams(AdminAddUserSchema, message.params));
  }

  @Handles(Subject.AuthAdminChangePassword)
  changePassword(@Payload() message: Incoming<typeof Subject.AuthAdminChangePassword>): Promise<number> {
    return this.admin.changePassword(message.caller, parseParams(AdminChangePasswordSchema, message.params));
  }

  @Handles(Subject.AuthAdminDeleteUser)
  delete(@Payload() message: Incoming<typeof Subject.AuthAdminDeleteUser>): Promise<number> {
    return this.admin.delete(message.caller, parseParams(AdminUserIdSchema, message.params).uid);
  }
}
