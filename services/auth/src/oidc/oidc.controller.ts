import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type Incoming, type LoggedInUser, OidcCallbackSchema, type OidcInfo, type OidcSettings, type OidcStart, parseParams, type Reply, SaveOidcSchema, Subject } from '@quire/proto';
import { Handles } from '../handles';
import { TwoFactorService } from '../two-factor/two-factor.service';
import { UserService } from '../user/user.service';
import { OidcService } from './oidc.service';

@Controller()
export class OidcController {
  constructor(
    private readonly oidc: OidcService,
    private readonly twoFactor: TwoFactorService,
    private readonly users: UserService,
  ) {}

  @Handles(Subject.AuthOidcInfo)
  info(): Promise<OidcInfo> {
    return this.oidc.info();
  }

  @Handles(Subject.AuthOidcStart)
  start(@Payload() message: Incoming<typeof Subject.AuthOidcStart>): Promise<OidcStart> {
    return this.oidc.start(message.caller);
  }

  /** The account the provider vouched for signs in: after its second factor when one is due, as a password login. */
  @Handles(Subject.AuthOidcCallback)
  async callback(@Payload() message: Incoming<typeof Subject.AuthOidcCallback>): Promise<Reply<LoggedInUser>> {
    const user = await this.oidc.callback(message.caller, parseParams(OidcCallbackSchema, message.params));
    await this.twoFactor.demand(message.caller, user);
    return this.users.startSession(message.caller, user);
  }

  @Handles(Subject.AuthOidcLoad)
  load(@Payload() message: Incoming<typeof Subject.AuthOidcLoad>): Promise<OidcSettings> {
    return this.oidc.load(message.caller);
  }

  @Handles(Subject.AuthOidcSave)
  save(@Payload() message: Incoming<typeof Subject.AuthOidcSave>): Promise<never[]> {
    return this.oidc.save(message.caller, parseParams(SaveOidcSchema, message.params));
  }
}
