import { z } from 'zod';
import { integer, requiredText, text } from '../validation';

/** A new username: 2–64 letters, digits, `_ - . @` or CJK characters. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_\-.@\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]{2,64}$/;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

export const newUsername = () => requiredText({ trim: true }).pipe(z.string().regex(USERNAME_PATTERN, { error: 'username_format' }));
export const newPassword = () => requiredText().pipe(z.string().min(PASSWORD_MIN, { error: 'password_length' }).max(PASSWORD_MAX, { error: 'password_length' }));

export const EMAIL_MAX = 254;
/** A mailbox `local@domain.tld`: no spaces, no header-breaking characters, a dotted domain. */
export const EMAIL_PATTERN = /^[^\s@<>()[\],;:"\\]{1,64}@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
const emailAddress = () => requiredText({ trim: true }).pipe(z.string().max(EMAIL_MAX, { error: 'email_invalid' }).regex(EMAIL_PATTERN, { error: 'email_invalid' }));
const userId = () => integer(0).pipe(z.number().min(1, { error: (issue) => (issue.input === 0 ? 'param_required' : 'param_out_of_range') }));
const linkToken = () => requiredText({ trim: true }).pipe(z.string().max(128));

/** `user/updateEmail`: bind an address (unverified until its link is opened); the login password confirms. */
export const UpdateEmailSchema = z.object({ email: emailAddress(), password: text() });
export type UpdateEmailDto = z.output<typeof UpdateEmailSchema>;

/** `user/verifyEmail`: the link of the verification mail. */
export const VerifyEmailSchema = z.object({ uid: userId(), token: linkToken() });
export type VerifyEmailDto = z.output<typeof VerifyEmailSchema>;

/** `user/resetPasswordEmail`: send a reset link to a bound, verified address. */
export const ResetPasswordEmailSchema = z.object({ email: emailAddress(), v_code: text() });
export type ResetPasswordEmailDto = z.output<typeof ResetPasswordEmailSchema>;

/** `user/resetPasswordByUrl`: the reset link's uid, email and token, and the new password. */
export const ResetPasswordByUrlSchema = z.object({ new_password: newPassword(), uid: userId(), email: emailAddress(), token: linkToken() });
export type ResetPasswordByUrlDto = z.output<typeof ResetPasswordByUrlSchema>;

/** `adminUser/addUser`: the same username and password rules as `user/register`. */
export const AdminAddUserSchema = z.object({ username: newUsername(), password: newPassword() });
export type AdminAddUserDto = z.output<typeof AdminAddUserSchema>;

/** `adminUser/changePassword`: the password rules of `user/register`. */
export const AdminChangePasswordSchema = z.object({ uid: userId(), new_password: newPassword() });
export type AdminChangePasswordDto = z.output<typeof AdminChangePasswordSchema>;

/** Longest username a login accepts (new ones are limited by USERNAME_PATTERN; directory accounts may be longer). */
export const LOGIN_USERNAME_MAX = 255;

export const LoginUserSchema = z.object({
  username: requiredText({ trim: true }).pipe(z.string().max(LOGIN_USERNAME_MAX)),
  password: text(),
  v_code: text(),
});
export type LoginUserDto = z.output<typeof LoginUserSchema>;

export const RegisterUserSchema = z.object({
  username: newUsername(),
  password: newPassword(),
  confirm_password: text(),
  v_code: text(),
});
export type RegisterUserDto = z.output<typeof RegisterUserSchema>;

/** A user's language setting: '' (none: the browser's language decides), `en` or `zh-cn`; case-insensitive, `en-us` reads as `en`. */
export const UserLanguages = ['', 'en', 'zh-cn'] as const;
export type UserLanguage = (typeof UserLanguages)[number];

/**
 * `user/updateInfo`: the name, and (Quire) the language setting. A parameter that is not sent leaves its
 * field as it is, so the settings screen saves the language alone.
 */
export const UpdateUserInfoSchema = z.object({
  name: z.preprocess((v) => (v === undefined || v === null ? undefined : v), text().pipe(z.string().max(64)).optional()),
  language: z
    .preprocess(
      (v) =>
        typeof v === 'string'
          ? v
              .trim()
              .toLowerCase()
              .replace(/^en-us$/, 'en')
          : v,
      z.enum(UserLanguages, { error: 'param_not_one_of' }),
    )
    .optional(),
});
export type UpdateUserInfoDto = z.output<typeof UpdateUserInfoSchema>;

export const ResetUserPasswordSchema = z.object({
  password: requiredText(),
  new_password: newPassword(),
});
export type ResetUserPasswordDto = z.output<typeof ResetUserPasswordSchema>;

export const ListAllUsersSchema = z.object({
  username: text().pipe(z.string().max(64)),
});
export type ListAllUsersDto = z.output<typeof ListAllUsersSchema>;

export const CreateQrcodeSchema = z.object({
  url: requiredText().pipe(z.string().max(2048)),
  size: integer(6).pipe(z.number().refine((n) => n >= 1 && n <= 20, { error: 'qrcode_size_range' })),
});
export type CreateQrcodeDto = z.output<typeof CreateQrcodeSchema>;

/** Captcha codes live in the KeyValueStore under this key, per browser (`Caller.clientId`), for CAPTCHA_TTL_SECONDS. */
export const captchaKey = (clientId: string) => `captcha:${clientId}`;
export const CAPTCHA_TTL_SECONDS = 600;

/**
 * ShowDoc 3.x's captchas: `common/createCaptcha` answers a `captcha_id` (a random integer, not a
 * sequence), whose code lives under this key for CAPTCHA_TTL_SECONDS and is used once.
 */
export const captchaByIdKey = (captchaId: number) => `captcha-id:${captchaId}`;
/** 0 (or absent) is no captcha: it never matches. */
const captchaId = () => integer(0).pipe(z.number().min(0, { error: 'param_out_of_range' }));

/** `common/createCaptcha` data. */
export interface CreatedCaptcha {
  captcha_id: number;
}

/** `common/showCaptcha`: the image of a captcha made by `common/createCaptcha`. */
export const ShowCaptchaSchema = z.object({ captcha_id: captchaId() });
export type ShowCaptchaDto = z.output<typeof ShowCaptchaSchema>;

/** `user/loginByVerify` (ShowDoc 3.x): `user/login` with a `captcha_id` captcha, asked every time. */
export const LoginByVerifySchema = LoginUserSchema.omit({ v_code: true }).extend({ captcha_id: captchaId(), captcha: text() });
export type LoginByVerifyDto = z.output<typeof LoginByVerifySchema>;

/** `user/registerByVerify` (ShowDoc 3.x): `user/register` with a `captcha_id` captcha; answers like `user/login`. */
export const RegisterByVerifySchema = RegisterUserSchema.omit({ v_code: true }).extend({ captcha_id: captchaId(), captcha: text() });
export type RegisterByVerifyDto = z.output<typeof RegisterByVerifySchema>;

/**
 * A password hash written by the ShowDoc importer for ShowDoc's older salted MD5 scheme (before its
 * bcrypt hashes): `showdoc-md5$<salt>$<32 hex>`, or `showdoc-md5$<32 hex>` when the user row had no salt.
 * ShowDoc's bcrypt hashes (`$2y$…`) are stored as they are. Auth verifies both and re-hashes at the first login.
 */
export const SHOWDOC_MD5_HASH_PREFIX = 'showdoc-md5$';
export const showdocMd5PasswordHash = (digest: string, salt = ''): string => `${SHOWDOC_MD5_HASH_PREFIX}${salt === '' ? '' : `${salt}$`}${digest.toLowerCase()}`;

/** `user/login` data ([HEAD] shape): `user_token` lets script clients send the token as a parameter. */
export interface LoggedInUser {
  uid: number;
  username: string;
  name: string;
  groupid: number;
  avatar: string;
  avatar_small: string;
  email: string;
  email_verify: number;
  user_token: string;
  /** Quire: the user's language setting, as in `user/info`. */
  language: UserLanguage;
}

/**
 * `user/info` data: `email` is '' when unset and `email_verify` is always present (contract §9.2).
 * The auth service stores these fields and the password hash (UserEntity).
 */
export interface UserInfo {
  uid: number;
  username: string;
  name: string;
  email: string;
  /** 1 once the e-mail address is verified, else 0. */
  email_verify: number;
  avatar: string;
  avatar_small: string;
  groupid: number;
  /** Unix seconds. */
  reg_time: number;
  /** Unix seconds; 0 before the first login. */
  last_login_time: number;
  /** Quire: the user's language setting, '' when none (the browser's language decides, then the server's `LANGUAGE`). */
  language: UserLanguage;
}

/** `user/allUser` entries: `value` for the [ERA] autocomplete, the rest for [HEAD] clients. */
export interface UserSuggestion {
  value: string;
  username: string;
  uid: number;
  name: string;
}
