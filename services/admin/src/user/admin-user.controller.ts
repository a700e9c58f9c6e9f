import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type AddedUser,
  AdminAddUserSchema,
  AdminChangePasswordSchema,
  AdminListUsersSchema,
  type AdminUserPage,
  AdminUserIdSchema,
  type Message,
  parseParams,
  Subject,
  type UpdateNotice,
} from '@quire/proto';
import { AdminUserService } from './admin-user.service';

@Controller()
export class AdminUserController {
  constructor(private readonly users: AdminUserService) {}

  @MessagePattern(Subject.AdminUserList)
  list(@Payload() message: Message): Promise<AdminUserPage> {
    return this.users.list(message.caller, parseParams(AdminListUsersSchema, message.params));
  }

  @MessagePattern(Subject.AdminUserAdd)
  add(@Payload() message: Message): Promise<AddedUser> {
    return this.users.add(message.caller, parseParams(AdminAddUserSchema, message.params));
  }

  @MessagePattern(Subject.AdminUserChangePassword)
  changePassword(@Payload() message: Message): Promise<number> {
    return this.users.changePassword(message.caller, parseParams(AdminChangePasswordSchema, message.params));
  }

  @MessagePattern(Subject.AdminUserDelete)
  delete(@Payload() message: Message): Promise<number> {
    return this.users.delete(message.caller, parseParams(AdminUserIdSchema, message.params).uid);
  }

  @MessagePattern(Subject.AdminUserCheckUpdate)
  checkUpdate(@Payload() message: Message): UpdateNotice {
    return this.users.checkUpdate(message.caller);
  }
}
