import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  type Incoming,
  ListAllUsersSchema,
  type LoggedInUser,
  LoginByVerifySchema,
  LoginUserSchema,
  parseParams,
  RegisterByVerifySchema,
  RegisterUserSchema,
  type Reply,
  ResetUserPasswordSchema,
  Subject,
  UpdateUserInfoSchema,
  type UserInfo,
  type UserSuggestion,
} from '@quire/proto';
import { Handles } from '../handles';
import { UserService } from './user.service';

@Controller()
export class UserController {
  constructor(private readonly users: UserService) {}

  @Handles(Subject.AuthUserRegister)
  register(@Payload() message: Incoming<typeof Subject.AuthUserRegister>): Promise<Reply<LoggedInUser>> {
    return this.users.register(message.caller, parseParams(RegisterUserSchema, message.params));
  }

  @Handles(Subject.AuthUserLogin)
  login(@Payload() message: Incoming<typeof Subject.AuthUserLogin>): Promise<Reply<LoggedInUser>> {
    return this.users.login(message.caller, parseParams(LoginUserSchema, message.params));
  }

  @Handles(Subject.AuthUserLoginByVerify)
  loginByVerify(@Payload() message: Incoming<typeof Subject.AuthUserLoginByVerify>): Promise<Reply<LoggedInUser>> {
    return this.users.loginByVerify(message.caller, parseParams(LoginByVerifySchema, message.params));
  }

  @Handles(Subject.AuthUserRegisterByVerify)
  registerByVerify(@Payload() message: Incoming<typeof Subject.AuthUserRegisterByVerify>): Promise<Reply<LoggedInUser>> {
    return this.users.registerByVerify(message.caller, parseParams(RegisterByVerifySchema, message.params));
  }

  @Handles(Subject.AuthUserLogout)
  logout(@Payload() message: Incoming<typeof Subject.AuthUserLogout>): Promise<Reply<never[]>> {
    return this.users.logout(message.caller);
  }

  @Handles(Subject.AuthUserInfo)
  info(@Payload() message: Incoming<typeof Subject.AuthUserInfo>): Promise<UserInfo> {
    return this.users.info(message.caller);
  }

  @Handles(Subject.AuthUserUpdateInfo)
  updateInfo(@Payload() message: Incoming<typeof Subject.AuthUserUpdateInfo>): Promise<never[]> {
    return this.users.updateInfo(message.caller, parseParams(UpdateUserInfoSchema, message.params));
  }

  @Handles(Subject.AuthUserResetPassword)
  resetPassword(@Payload() message: Incoming<typeof Subject.AuthUserResetPassword>): Promise<never[]> {
    return this.users.resetPassword(message.caller, parseParams(ResetUserPasswordSchema, message.params));
  }

  @Handles(Subject.AuthUserAll)
  allUser(@Payload() message: Incoming<typeof Subject.AuthUserAll>): Promise<UserSuggestion[]> {
    return this.users.suggest(parseParams(ListAllUsersSchema, message.params));
  }
}
