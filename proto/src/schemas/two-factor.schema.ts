import { z } from 'zod';
import { integer, requiredText, text } from '../validation';

/**
 * Two-factor sign-in with a time-based one-time password (TOTP, RFC 6238; issue 21). Owned by the auth service
 * (`services/auth/src/two-factor/`). After the password (or the directory) is right, a user with a second factor,
 * or one the site requires to have it, gets a short-lived challenge instead of a session, and signs in by sending
 * it with a code (`user/loginTwoFactor`), or enrols with it first.
 */

/** Who the site requires a second factor of (site setting `two_factor_required`). */
export const TWO_FACTOR_REQUIREMENTS = ['off', 'admins', 'everyone'] as const;
export type TwoFactorRequirement = (typeof TWO_FACTOR_REQUIREMENTS)[number];

/** How many one-time recovery codes enrolment gives. */
export const RECOVERY_CODE_COUNT = 10;

const challenge = () => text().pipe(z.string().max(128));
/** A six-digit code, or a recovery code (`xxxxx-xxxxx`); spaces are ignored. */
const code = () =>
  requiredText({ trim: true })
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().max(32, { error: 'param_too_long' }));

/** `user/loginTwoFactor`: the challenge the login answered with, and a code from the app or a recovery code. */
export const LoginTwoFactorSchema = z.object({ challenge: requiredText({ trim: true }).pipe(z.string().max(128)), code: code() });
export type LoginTwoFactorDto = z.output<typeof LoginTwoFactorSchema>;

/** `twoFactor/setup`: from personal settings, or with a login's enrolment challenge (`challenge`). */
export const SetupTwoFactorSchema = z.object({ challenge: challenge() });
export type SetupTwoFactorDto = z.output<typeof SetupTwoFactorSchema>;

/** `twoFactor/enable`: the first code of the new secret confirms it (with the enrolment challenge at login). */
export const EnableTwoFactorSchema = z.object({ code: code(), challenge: challenge() });
export type EnableTwoFactorDto = z.output<typeof EnableTwoFactorSchema>;

/** `twoFactor/disable`, `twoFactor/recoveryCodes`: a current code (or a recovery code) proves the user holds the factor. */
export const TwoFactorCodeSchema = z.object({ code: code() });
export type TwoFactorCodeDto = z.output<typeof TwoFactorCodeSchema>;

/** `adminUser/resetTwoFactor`. */
export const AdminResetTwoFactorSchema = z.object({
  uid: integer().pipe(z.number().min(1, { error: (issue) => (issue.input === 0 ? 'param_required' : 'param_out_of_range') })),
});
export type AdminResetTwoFactorDto = z.output<typeof AdminResetTwoFactorSchema>;

/** `data` of the login's 10212 / 10213 answers: the challenge to send with the code, or to enrol with. */
export interface TwoFactorChallenge {
  challenge: string;
  /** Seconds the challenge lives. */
  expires_in: number;
}

export interface TwoFactorStatus {
  enabled: boolean;
  recovery_codes_left: number;
  /** The site requires this user to have a second factor (it cannot be turned off). */
  required: boolean;
}

/** `twoFactor/setup`: a new secret, not active until a code confirms it. */
export interface TwoFactorSetup {
  secret: string;
  otpauth_url: string;
  /** A PNG of the otpauth URL as a QR code, `data:image/png;base64,…`. */
  qrcode: string;
}

/** `twoFactor/enable`, `twoFactor/recoveryCodes`: the recovery codes, shown this once. */
export interface TwoFactorRecoveryCodes {
  recovery_codes: string[];
}
