import { z } from 'zod';
import { integer, requiredText, text } from '../validation';

/** `auth.captcha.verify`: the code typed for the caller's browser; consumed whether right or wrong. */
export const VerifyCaptchaSchema = z.object({ v_code: text() });
export type VerifyCaptchaDto = z.output<typeof VerifyCaptchaSchema>;

/** `auth.user.verifyPassword`: is this the login password of user `uid`? */
export const VerifyUserPasswordSchema = z.object({ uid: integer().pipe(z.number().min(1)), password: text() });
export type VerifyUserPasswordDto = z.output<typeof VerifyUserPasswordSchema>;

/** `auth.user.find`: a user by exact username, or null. */
export const FindUserSchema = z.object({ username: requiredText({ trim: true }) });
export type FindUserDto = z.output<typeof FindUserSchema>;

export interface Verdict {
  valid: boolean;
}

export interface UserSummary {
  uid: number;
  username: string;
  name: string;
  groupid: number;
}
