import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type AddedUser,
  AdminAddUserSchema,
  AdminChangePasswordSchema,
  AdminListUsersSchema,
  type AdminUserPage,
  AdminUserIdSchema,
  GetUserByUidSchema,
  type Message,
  parseParams,
  Subject,
  type UserSummary,
} from '@quire/proto';
import { UserAdminService } from './user-admin.service';

/** Internal subjects of the administrator console (the admin service asks them with the original caller). */
@Controller()
export class UserAdminController {
  constructor(private readonly admin: UserAdminService) {}

  @MessagePattern(Subject.AuthAdminListUsers)
  list(@Payload() message: Message): Promise<AdminUserPage> {
    return this.admin.list(message.caller, parseParams(AdminListUsersSchema, message.params));
  }

  @MessagePattern(Subject.AuthAdminGetUser)
  get(@Payload() message: Message): Promise<UserSummary | null> {
    return this.admin.get(message.caller, parseParams(GetUserByUidSchema, message.params).uid);
  }

  @MessagePattern(Subject.AuthAdminAddUser)
  add(@Payload() message: Message): Promise<AddedUser> {
    return this.admin.add(message.caller, parseParams(AdminAddUserSchema, message.params));
  }

  @MessagePattern(Subject.AuthAdminChangePassword)
  changePassword(@Payload() message: Message): Promise<number> {
    return this.admin.changePassword(message.caller, parseParams(AdminChangePasswordSchema, message.params));
  }

  @MessagePattern(Subject.AuthAdminDeleteUser)
  delete(@Payload() message: Message): Promise<number> {
    return this.admin.delete(message.caller, parseParams(AdminUserIdSchema, message.params).uid);
  }
}
