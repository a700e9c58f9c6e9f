import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ListAllUsersSchema,
  type LoggedInUser,
  LoginUserSchema,
  type Message,
  parseParams,
  RegisterUserSchema,
  type Reply,
  ResetUserPasswordSchema,
  Subject,
  UpdateUserInfoSchema,
  type UserInfo,
  type UserSuggestion,
} from '@quire/proto';
import { UserService } from './user.service';

@Controller()
export class UserController {
  constructor(private readonly users: UserService) {}

  @MessagePattern(Subject.AuthUserRegister)
  register(@Payload() message: Message): Promise<Reply<never[]>> {
    return this.users.register(message.caller, parseParams(RegisterUserSchema, message.params));
  }

  @MessagePattern(Subject.AuthUserLogin)
  login(@Payload() message: Message): Promise<Reply<LoggedInUser>> {
    return this.users.login(message.caller, parseParams(LoginUserSchema, message.params));
  }

  @MessagePattern(Subject.AuthUserLogout)
  logout(@Payload() message: Message): Promise<Reply<never[]>> {
    return this.users.logout(message.caller);
  }

  @MessagePattern(Subject.AuthUserInfo)
  info(@Payload() message: Message): Promise<UserInfo> {
    return this.users.info(message.caller);
  }

  @MessagePattern(Subject.AuthUserUpdateInfo)
  updateInfo(@Payload() message: Message): Promise<never[]> {
    return this.users.updateInfo(message.caller, parseParams(UpdateUserInfoSchema, message.params));
  }

  @MessagePattern(Subject.AuthUserResetPassword)
  resetPassword(@Payload() message: Message): Promise<never[]> {
    return this.users.resetPassword(message.caller, parseParams(ResetUserPasswordSchema, message.params));
  }

  @MessagePattern(Subject.AuthUserAll)
  allUser(@Payload() message: Message): Promise<UserSuggestion[]> {
    return this.users.suggest(parseParams(ListAllUsersSchema, message.params));
  }
}
