import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { hashSecret, KeyValueStore } from '@quire/platform';
import {
  type AdminResetTwoFactorDto,
  AppError,
  type Caller,
  type EnableTwoFactorDto,
  ErrorCode,
  type LoginTwoFactorDto,
  nowSeconds,
  RECOVERY_CODE_COUNT,
  requireAdmin,
  type SetupTwoFactorDto,
  type TwoFactorChallenge,
  type TwoFactorCodeDto,
  type TwoFactorRecoveryCodes,
  type TwoFactorRequirement,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@quire/proto';
import { generateSecret, generateURI, verify } from 'otplib';
import { toDataURL } from 'qrcode';
import { SettingClient } from '../clients/setting.client';
import { LoginAttemptLimiter } from '../login-guard/login-attempt-limiter';
import { type UserEntity, UserGroup } from '../user/user.entity';
import { UserRepository } from '../user/user.repository';
import { TwoFactorRepository } from './two-factor.repository';

/** How long a login's challenge lives, and how many wrong codes it takes before it is dropped. */
export const TWO_FACTOR_CHALLENGE_SECONDS = 300;
const CHALLENGE_TRIES = 5;
/** Codes of the step before and after the current one are accepted too (clocks drift). */
const EPOCH_TOLERANCE_SECONDS = 30;
const ISSUER = 'Quire';

const challengeKey = (challenge: string) => `two-factor-challenge:${hashSecret(challenge)}`;

interface ChallengeRecord {
  uid: number;
  /** The user must enrol (the site requires a second factor they do not have) before the login completes. */
  enrol: boolean;
  tries: number;
}

/** A recovery code as shown: ten base32 letters and digits, `abcde-12345`. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => alphabet[byte % alphabet.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/**
 * The time step a six-digit code of `secret` belongs to, when it is current (one step of drift either way) and
 * later than `afterStep`; null otherwise. otplib's TOTP result has `timeStep`; its declared type is the union with
 * HOTP's, which lacks it.
 */
async function matchedStep(secret: string, code: string, afterStep = 0): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({ secret, token: code, epochTolerance: EPOCH_TOLERANCE_SECONDS, afterTimeStep: afterStep || undefined });
  return result.valid ? (result as typeof result & { timeStep: number }).timeStep : null;
}

/**
 * The name wrong codes are counted under (LoginAttemptLimiter, per address and account as passwords are): apart
 * from the password's, so that signing in with the password again does not clear the count of wrong codes.
 */
const codeAccount = (user: Pick<UserEntity, 'username'>) => `two-factor:${user.username}`;

const recoveryHash = (code: string) => hashSecret(code.toLowerCase().replace(/-/g, ''));

/**
 * Two-factor sign-in with TOTP (issue 21): enrolment with a QR code and a first code, ten one-time recovery codes
 * (hashed), the challenge a login answers with when a second factor is due, codes checked once each (no replay)
 * and their failures limited like passwords (LoginAttemptLimiter), the site's requirement and the administrator's
 * reset. The secrets are encrypted at rest (TwoFactorRepository).
 */
@Injectable()
export class TwoFactorService {
  constructor(
    private readonly rows: TwoFactorRepository,
    private readonly users: UserRepository,
    private readonly kv: KeyValueStore,
    private readonly attempts: LoginAttemptLimiter,
    private readonly settings: SettingClient,
  ) {}

  /**
   * After the password (or the directory) was right: throws the answer that asks for a code (10212), or for
   * enrolment when the site requires a second factor the user lacks (10213), each with a new challenge. Returns
   * when no second factor is due, and the login goes on.
   */
  async demand(caller: Caller, user: UserEntity): Promise<void> {
    const row = await this.rows.find(user.uid);
    if (row && row.enabled_time > 0) throw new AppError(ErrorCode.TwoFactorRequired, 'two_factor_code_needed', {}, await this.challenge(user.uid, false));
    if (await this.requiredFor(caller, user)) throw new AppError(ErrorCode.TwoFactorEnrolRequired, 'two_factor_enrol_needed', {}, await this.challenge(user.uid, true));
  }

  /** `user/loginTwoFactor`: the user whose login the challenge and a right code complete. */
  async verifyLogin(caller: Caller, dto: LoginTwoFactorDto): Promise<UserEntity> {
    const { record, user } = await this.openChallenge(dto.challenge, false);
    await this.attempts.assertAllowed(caller.ip, codeAccount(user));
    if (!(await this.codeMatches(user.uid, dto.code))) {
      await this.attempts.recordFailure(caller.ip, codeAccount(user));
      await this.countTry(dto.challenge, record);
      throw AppError.failed('two_factor_code_incorrect');
    }
    await this.kv.delete(challengeKey(dto.challenge));
    await this.attempts.recordSuccess(caller.ip, codeAccount(user));
    return user;
  }

  async status(caller: Caller): Promise<TwoFactorStatus> {
    const user = await this.sessionUser(caller);
    const row = await this.rows.find(user.uid);
    const enabled = Boolean(row && row.enabled_time > 0);
    return { enabled, recovery_codes_left: enabled ? row!.recovery_hashes.length : 0, required: await this.requiredFor(caller, user) };
  }

  /** `twoFactor/setup`: a new secret and its QR code, active once `twoFactor/enable` confirms a code of it. */
  async setup(caller: Caller, dto: SetupTwoFactorDto): Promise<TwoFactorSetup> {
    const user = dto.challenge ? (await this.openChallenge(dto.challenge, true)).user : await this.sessionUser(caller);
    const row = await this.rows.find(user.uid);
    if (row && row.enabled_time > 0) throw AppError.failed('two_factor_already_enabled');
    const secret = generateSecret();
    await this.rows.setPending(user.uid, secret);
    const otpauthUrl = generateURI({ issuer: ISSUER, label: user.username, secret });
    return { secret, otpauth_url: otpauthUrl, qrcode: await toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2, scale: 6 }) };
  }

  /**
   * `twoFactor/enable`: a code of the pending secret turns the factor on and gives ten recovery codes. With a
   * login's enrolment challenge, the user it names is returned too: the login completes.
   */
  async enable(caller: Caller, dto: EnableTwoFactorDto): Promise<TwoFactorRecoveryCodes & { user?: UserEntity }> {
    const opened = dto.challenge ? await this.openChallenge(dto.challenge, true) : undefined;
    const user = opened?.user ?? (await this.sessionUser(caller));
    await this.attempts.assertAllowed(caller.ip, codeAccount(user));
    const row = await this.rows.find(user.uid);
    if (row && row.enabled_time > 0) throw AppError.failed('two_factor_already_enabled');
    if (!row?.pending_secret) throw AppError.failed('two_factor_setup_missing');
    const step = await matchedStep(row.pending_secret, dto.code);
    if (step === null) {
      await this.attempts.recordFailure(caller.ip, codeAccount(user));
      if (opened) await this.countTry(dto.challenge, opened.record);
      throw AppError.failed('two_factor_code_incorrect');
    }
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    if (!(await this.rows.enable(user.uid, row.pending_secret, codes.map(recoveryHash), step, nowSeconds()))) throw AppError.failed('two_factor_setup_missing');
    if (opened) await this.kv.delete(challengeKey(dto.challenge));
    return opened ? { recovery_codes: codes, user } : { recovery_codes: codes };
  }

  /** `twoFactor/disable`: a current code (or a recovery code) turns the factor off, unless the site requires it. */
  async disable(caller: Caller, dto: TwoFactorCodeDto): Promise<never[]> {
    const user = await this.provenUser(caller, dto.code);
    if (await this.requiredFor(caller, user)) throw AppError.failed('two_factor_required_by_site');
    await this.rows.remove(user.uid);
    return [];
  }

  /** `twoFactor/recoveryCodes`: ten new recovery codes; the old ones stop working. */
  async regenerateRecoveryCodes(caller: Caller, dto: TwoFactorCodeDto): Promise<TwoFactorRecoveryCodes> {
    const user = await this.provenUser(caller, dto.code);
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.rows.replaceRecoveryCodes(user.uid, codes.map(recoveryHash));
    return { recovery_codes: codes };
  }

  /** `adminUser/resetTwoFactor`: the user signs in with the password alone again (or enrols anew where required). */
  async adminReset(caller: Caller, dto: AdminResetTwoFactorDto): Promise<never[]> {
    requireAdmin(caller);
    if ((await this.rows.remove(dto.uid)) === 0) throw AppError.failed('two_factor_not_enabled');
    return [];
  }

  /** A user is deleted: their factor goes with them. */
  async forget(uid: number): Promise<void> {
    await this.rows.remove(uid);
  }

  private async requiredFor(caller: Caller, user: Pick<UserEntity, 'groupid'>): Promise<boolean> {
    const setting = ((await this.settings.value(caller, 'two_factor_required')) ?? 'off') as TwoFactorRequirement;
    return setting === 'everyone' || (setting === 'admins' && user.groupid === UserGroup.Admin);
  }

  private async challenge(uid: number, enrol: boolean): Promise<TwoFactorChallenge> {
    const challenge = randomBytes(24).toString('base64url');
    const record: ChallengeRecord = { uid, enrol, tries: 0 };
    await this.kv.set(challengeKey(challenge), JSON.stringify(record), TWO_FACTOR_CHALLENGE_SECONDS);
    return { challenge, expires_in: TWO_FACTOR_CHALLENGE_SECONDS };
  }

  private async openChallenge(challenge: string, enrol: boolean): Promise<{ record: ChallengeRecord; user: UserEntity }> {
    const stored = await this.kv.get(challengeKey(challenge));
    const record = stored ? (JSON.parse(stored) as ChallengeRecord) : null;
    const user = record && record.enrol === enrol ? await this.users.findByUid(record.uid) : null;
    if (!record || !user) throw AppError.failed('two_factor_challenge_expired');
    return { record, user };
  }

  /** A wrong code against a challenge: after CHALLENGE_TRIES the challenge is gone and the password is asked again. */
  private async countTry(challenge: string, record: ChallengeRecord): Promise<void> {
    const key = challengeKey(challenge);
    if (record.tries + 1 >= CHALLENGE_TRIES) return this.kv.delete(key);
    const ttl = await this.kv.ttl(key);
    if (ttl > 0) await this.kv.set(key, JSON.stringify({ ...record, tries: record.tries + 1 }), ttl);
  }

  /** Whether the code is a current TOTP code not used before, or an unused recovery code (then used up). */
  private async codeMatches(uid: number, code: string): Promise<boolean> {
    const row = await this.rows.find(uid);
    if (!row || row.enabled_time === 0) return false;
    if (/^\d{6}$/.test(code)) {
      const step = await matchedStep(row.secret, code, row.last_step);
      return step !== null && (await this.rows.acceptStep(uid, step));
    }
    return this.rows.useRecoveryCode(uid, recoveryHash(code));
  }

  /** The session's user, once a code proved they hold the factor (failures count like passwords). */
  private async provenUser(caller: Caller, code: string): Promise<UserEntity> {
    const user = await this.sessionUser(caller);
    const row = await this.rows.find(user.uid);
    if (!row || row.enabled_time === 0) throw AppError.failed('two_factor_not_enabled');
    await this.attempts.assertAllowed(caller.ip, codeAccount(user));
    if (!(await this.codeMatches(user.uid, code))) {
      await this.attempts.recordFailure(caller.ip, codeAccount(user));
      throw AppError.failed('two_factor_code_incorrect');
    }
    return user;
  }

  private async sessionUser(caller: Caller): Promise<UserEntity> {
    if (caller.uid === 0) throw new AppError(ErrorCode.NotLoggedIn, 'not_logged_in');
    if (caller.personalToken) throw new AppError(ErrorCode.NoPermission, 'token_session_only');
    const user = await this.users.findByUid(caller.uid);
    if (!user) throw new AppError(ErrorCode.NotLoggedIn, 'not_logged_in');
    return user;
  }
}
