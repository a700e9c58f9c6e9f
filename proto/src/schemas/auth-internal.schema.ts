import { z } from 'zod';
import { integer, requiredText, text } from '../validation';
import { LdapFormSchema } from './admin.schema';

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

/** `auth.ldap.test`: connect, bind and search the base DN with this configuration. */
export const TestLdapSchema = z.object({ ldap_form: LdapFormSchema });
export type TestLdapDto = z.output<typeof TestLdapSchema>;

/** `auth.admin.addUser` reply. */
export interface AddedUser {
  uid: number;
  username: string;
}

/** One message of the outbox, as `adminMail/outbox` shows it. */
export interface OutboxEntry {
  id: number;
  to: string;
  subject: string;
  text: string;
  /** `YYYY-MM-DD HH:MM:SS` */
  created_at: string;
}

/** `auth.mail.outbox` / `adminMail/outbox` data: with SMTP configured nothing is kept (`smtp: true`, no messages). */
export interface MailOutbox {
  smtp: boolean;
  messages: OutboxEntry[];
}
