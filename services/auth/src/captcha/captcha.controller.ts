import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type Message, Reply, Subject } from '@quire/proto';
import { CaptchaService } from './captcha.service';

@Controller()
export class CaptchaController {
  constructor(private readonly captcha: CaptchaService) {}

  /** `GET /api/common/verify`: `rand` is only a cache-buster. */
  @MessagePattern(Subject.AuthCaptchaCreate)
  async create(@Payload() message: Message): Promise<Reply<never>> {
    return Reply.raw('image/png', await this.captcha.create(message.caller.clientId));
  }
}
