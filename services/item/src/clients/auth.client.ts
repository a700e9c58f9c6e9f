import { Injectable } from '@nestjs/common';
import { TransportClient } from '@quire/platform';
import { type Caller, type QuireContracts, Subject, type UserSummary } from '@quire/proto';

/** What the item service asks the auth service, always on behalf of the original caller. */
@Injectable()
export class AuthClient {
  constructor(private readonly transport: TransportClient<QuireContracts>) {}

  /** Checks (and uses up) the captcha code shown to the caller's browser. */
  async captchaValid(caller: Caller, vCode: string): Promise<boolean> {
    const verdict = await this.transport.send(Subject.AuthCaptchaVerify, { caller, params: { v_code: vCode } });
    return verdict?.valid === true;
  }

  /** Whether `password` is the login password of user `uid`. */
  async passwordValid(caller: Caller, uid: number, password: string): Promise<boolean> {
    const verdict = await this.transport.send(Subject.AuthUserVerifyPassword, { caller, params: { uid, password } });
    return verdict?.valid === true;
  }

  findUser(caller: Caller, username: string): Promise<UserSummary | null> {
    return this.transport.send(Subject.AuthUserFind, { caller, params: { username } });
  }
}
