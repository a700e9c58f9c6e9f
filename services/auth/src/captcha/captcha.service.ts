import { randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { KeyValueStore } from '@quire/platform';
import { CAPTCHA_TTL_SECONDS, captchaKey } from '@quire/proto';
import { CaptchaImage } from './captcha-image';

const CODE_LENGTH = 4;
/** A new code: four digits 1–9. */
export const newCaptchaCode = () => Array.from({ length: CODE_LENGTH }, () => String(1 + randomInt(9))).join('');
/** Marks a code as used, so two requests racing with the same code cannot both pass. */
const claimKey = (clientId: string) => `captcha-claim:${clientId}`;

/**
 * Image captchas ([ERA] `v_code`): four digits 1–9 per browser, valid for ten minutes, used
 * once. A new image replaces the browser's previous code.
 */
@Injectable()
export class CaptchaService {
  private readonly image = new CaptchaImage();

  constructor(private readonly kv: KeyValueStore) {}

  /** Draws a new code for the browser and returns the PNG. */
  async create(clientId: string): Promise<Buffer> {
    const code = newCaptchaCode();
    if (clientId) {
      await this.kv.set(captchaKey(clientId), code, CAPTCHA_TTL_SECONDS);
      await this.kv.delete(claimKey(clientId));
    }
    return this.image.render(code);
  }

  /**
   * Checks the browser's answer and uses the code up, right or wrong: every attempt needs a
   * fresh image, so the code cannot be guessed by trying.
   */
  async consume(clientId: string, answer: string): Promise<boolean> {
    if (!clientId) return false;
    const code = await this.kv.get(captchaKey(clientId));
    if (code === null) return false;
    await this.kv.delete(captchaKey(clientId));
    if (answer.trim() !== code) return false;
    return (await this.kv.incr(claimKey(clientId), CAPTCHA_TTL_SECONDS)) === 1;
  }
}
