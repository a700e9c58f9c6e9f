import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type CreatedCaptcha, type Incoming, parseParams, Reply, ShowCaptchaSchema, Subject, type Verdict, VerifyCaptchaSchema } from '@quire/proto';
import { Handles } from '../handles';
import { CaptchaByIdService } from './captcha-by-id.service';
import { CaptchaService } from './captcha.service';

@Controller()
export class CaptchaController {
  constructor(
    private readonly captcha: CaptchaService,
    private readonly captchaById: CaptchaByIdService,
  ) {}

  /** `GET /api/common/verify`: `rand` is only a cache-buster. */
  @Handles(Subject.AuthCaptchaCreate)
  async create(@Payload() message: Incoming<typeof Subject.AuthCaptchaCreate>): Promise<Reply<never>> {
    return Reply.raw('image/png', await this.captcha.create(message.caller.clientId));
  }

  /** `POST /api/common/createCaptcha` (ShowDoc 3.x): a new captcha and its id. */
  @Handles(Subject.AuthCaptchaCreateById)
  createById(): Promise<CreatedCaptcha> {
    return this.captchaById.create();
  }

  /** `GET /api/common/showCaptcha?captcha_id=` (ShowDoc 3.x): its image. */
  @Handles(Subject.AuthCaptchaShowById)
  async showById(@Payload() message: Incoming<typeof Subject.AuthCaptchaShowById>): Promise<Reply<never>> {
    const { captcha_id } = parseParams(ShowCaptchaSchema, message.params);
    return Reply.raw('image/png', await this.captchaById.render(captcha_id));
  }

  /** Internal: another service checks the code this browser was shown (item visit password). */
  @Handles(Subject.AuthCaptchaVerify)
  async verify(@Payload() message: Incoming<typeof Subject.AuthCaptchaVerify>): Promise<Verdict> {
    const { v_code } = parseParams(VerifyCaptchaSchema, message.params);
    return { valid: await this.captcha.consume(message.caller.clientId, v_code) };
  }
}
