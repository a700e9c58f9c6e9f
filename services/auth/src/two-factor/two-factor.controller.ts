import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  AdminResetTwoFactorSchema,
  EnableTwoFactorSchema,
  type Incoming,
  type LoggedInUser,
  LoginTwoFactorSchema,
  parseParams,
  type Reply,
  SetupTwoFactorSchema,
  Subject,
  TwoFactorCodeSchema,
  type TwoFactorRecoveryCodes,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@quire/proto';
import { Handles } from '../handles';
import { UserService } from '../user/user.service';
import { TwoFactorService } from './two-factor.service';

@Controller()
export class TwoFactorController {
  constructor(
    private readonly twoFactor: TwoFactorService,
    private readonly users: UserService,
  ) {}

  @Handles(Subject.AuthUserLoginTwoFactor)
  async login(@Payload() message: Incoming<typeof Subject.AuthUserLoginTwoFactor>): Promise<Reply<LoggedInUser>> {
    const user = await this.twoFactor.verifyLogin(message.caller, parseParams(LoginTwoFactorSchema, message.params));
    return this.users.startSession(message.caller, user);
  }

  @Handles(Subject.AuthTwoFactorStatus)
  status(@Payload() message: Incoming<typeof Subject.AuthTwoFactorStatus>): Promise<TwoFactorStatus> {
    return this.twoFactor.status(message.caller);
  }

  @Handles(Subject.AuthTwoFactorSetup)
  setup(@Payload() message: Incoming<typeof Subject.AuthTwoFactorSetup>): Promise<TwoFactorSetup> {
    return this.twoFactor.setup(message.caller, parseParams(SetupTwoFactorSchema, message.params));
  }

  /** With a login's enrolment challenge, the login completes: the reply starts the session and carries the user. */
  @Handles(Subject.AuthTwoFactorEnable)
  async enable(@Payload() message: Incoming<typeof Subject.AuthTwoFactorEnable>): Promise<Reply<TwoFactorRecoveryCodes & { user?: LoggedInUser }>> {
    const { recovery_codes, user } = await this.twoFactor.enable(message.caller, parseParams(EnableTwoFactorSchema, message.params));
    if (!user) return { $reply: true, data: { recovery_codes } };
    const session = await this.users.startSession(message.caller, user);
    return { ...session, data: { recovery_codes, user: session.data } };
  }

  @Handles(Subject.AuthTwoFactorDisable)
  disable(@Payload() message: Incoming<typeof Subject.AuthTwoFactorDisable>): Promise<never[]> {
    return this.twoFactor.disable(message.caller, parseParams(TwoFactorCodeSchema, message.params));
  }

  @Handles(Subject.AuthTwoFactorRecoveryCodes)
  recoveryCodes(@Payload() message: Incoming<typeof Subject.AuthTwoFactorRecoveryCodes>): Promise<TwoFactorRecoveryCodes> {
    return this.twoFactor.regenerateRecoveryCodes(message.caller, parseParams(TwoFactorCodeSchema, message.params));
  }

  @Handles(Subject.AuthAdminResetTwoFactor)
  adminReset(@Payload() message: Incoming<typeof Subject.AuthAdminResetTwoFactor>): Promise<never[]> {
    return this.twoFactor.adminReset(message.caller, parseParams(AdminResetTwoFactorSchema, message.params));
  }
}
