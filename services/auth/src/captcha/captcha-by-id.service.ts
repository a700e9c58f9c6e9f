import { randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { KeyValueStore } from '@quire/platform';
import { AppError, CAPTCHA_TTL_SECONDS, captchaByIdKey, type CreatedCaptcha, ErrorCode } from '@quire/proto';
import { CaptchaImage } from './captcha-image';
import { newCaptchaCode } from './captcha.service';

/** Ids are random below 2^48 (integers, as ShowDoc's clients expect, but not guessable in sequence). */
const MAX_CAPTCHA_ID = 2 ** 48 - 1;
/** Marks a code as used, so two requests racing with the same code cannot both pass. */
const claimKey = (captchaId: number) => `captcha-id-claim:${captchaId}`;

/**
 * ShowDoc 3.x's captchas (`common/createCaptcha`, `common/showCaptcha`): the code is kept under a
 * `captcha_id` the client sends back with its answer, not under the browser (CaptchaService), so
 * clients without cookies (RunApi, scripts) can use them. A code lives ten minutes and is used
 * once, right or wrong.
 */
@Injectable()
export class CaptchaByIdService {
  private readonly image = new CaptchaImage();

  constructor(private readonly kv: KeyValueStore) {}

  async create(): Promise<CreatedCaptcha> {
    const captchaId = randomInt(1, MAX_CAPTCHA_ID);
    await this.kv.set(captchaByIdKey(captchaId), newCaptchaCode(), CAPTCHA_TTL_SECONDS);
    return { captcha_id: captchaId };
  }

  /** The PNG of a live captcha; showing it again (a reload) draws the same code anew and changes nothing. */
  async render(captchaId: number): Promise<Buffer> {
    const code = captchaId > 0 ? await this.kv.get(captchaByIdKey(captchaId)) : null;
    if (code === null) throw new AppError(ErrorCode.Captcha, 'captcha_not_found');
    return this.image.render(code);
  }

  /** Checks the answer and uses the code up, right or wrong; an unknown, expired or used id never matches. */
  async consume(captchaId: number, answer: string): Promise<boolean> {
    if (captchaId <= 0) return false;
    const code = await this.kv.get(captchaByIdKey(captchaId));
    if (code === null) return false;
    await this.kv.delete(captchaByIdKey(captchaId));
    if (answer.trim() !== code) return false;
    return (await this.kv.incr(claimKey(captchaId), CAPTCHA_TTL_SECONDS)) === 1;
  }
}
