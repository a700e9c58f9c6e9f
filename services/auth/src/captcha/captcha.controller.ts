import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type Message, Reply, Subject, type Verdict, VerifyCaptchaSchema, parseParams } from '@quire/proto';
import { CaptchaService } from './captcha.service';

@Controller()
export class CaptchaController {
  constructor(private readonly captcha: CaptchaService) {}

  /** `GET /api/common/verify`: `rand` is only a cache-buster. */
  @MessagePattern(Subject.AuthCaptchaCreate)
  async create(@Payload() message: Message): Promise<Reply<never>> {
    return Reply.raw('image/png', await this.captcha.create(message.caller.clientId));
  }

  /** Internal: another service checks the code this browser was shown (item visit password). */
  @MessagePattern(Subject.AuthCaptchaVerify)
  async verify(@Payload() message: Message): Promise<Verdict> {
    const { v_code } = parseParams(VerifyCaptchaSchema, message.params);
    return { valid: await this.captcha.consume(message.caller.clientId, v_code) };
  }
}
