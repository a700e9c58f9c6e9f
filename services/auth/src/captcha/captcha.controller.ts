import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type Incoming, parseParams, Reply, Subject, type Verdict, VerifyCaptchaSchema } from '@quire/proto';
import { Handles } from '../handles';
import { CaptchaService } from './captcha.service';

@Controller()
export class CaptchaController {
  constructor(private readonly captcha: CaptchaService) {}

  /** `GET /api/common/verify`: `rand` is only a cache-buster. */
  @Handles(Subject.AuthCaptchaCreate)
  async create(@Payload() message: Incoming<typeof Subject.AuthCaptchaCreate>): Promise<Reply<never>> {
    return Reply.raw('image/png', await this.captcha.create(message.caller.clientId));
  }

  /** Internal: another service checks the code this browser was shown (item visit password). */
  @Handles(Subject.AuthCaptchaVerify)
  async verify(@Payload() message: Incoming<typeof Subject.AuthCaptchaVerify>): Promise<Verdict> {
    const { v_code } = parseParams(VerifyCaptchaSchema, message.params);
    return { valid: await this.captcha.consume(message.caller.clientId, v_code) };
  }
}
