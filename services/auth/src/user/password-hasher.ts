import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';
import { SHOWDOC_MD5_HASH_PREFIX } from '@quire/proto';
import { compare as bcryptCompare, hash as bcryptHash } from 'bcryptjs';

/**
 * The schemes a stored hash may be in: Quire's own argon2id, and the two that ShowDoc imports bring
 * along until the user's first login re-hashes them (SHOWDOC_MD5_HASH_PREFIX in proto says how the
 * importer writes them).
 */
export type PasswordScheme = 'argon2' | 'bcrypt' | 'showdoc-md5' | 'unknown';

/** PHP's `password_hash(…, PASSWORD_BCRYPT)` writes `$2y$`; other bcrypt implementations `$2a$` / `$2b$`. */
const BCRYPT_PATTERN = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;
const MD5_HEX = /^[0-9a-f]{32}$/i;
/**
 * The constant ShowDoc mixes into its older password hashes: `encry_password()` in ShowDoc's
 * server/Application/Common/Common/function.php (the ThinkPHP server), kept as the fallback in
 * `Security::hashPassword()` / `verifyPassword()` of server/app/Common/Helper/Security.php (3.9):
 * md5 of (base64 of the password's md5 hex) followed by this constant and the user's salt.
 */
const SHOWDOC_MD5_PEPPER = '576hbgh6';

export function passwordSchemeOf(passwordHash: string): PasswordScheme {
  if (passwordHash.startsWith('$argon2')) return 'argon2';
  if (BCRYPT_PATTERN.test(passwordHash)) return 'bcrypt';
  if (passwordHash.startsWith(SHOWDOC_MD5_HASH_PREFIX)) return 'showdoc-md5';
  return 'unknown';
}

/** ShowDoc's older scheme; `salt` is the user row's `salt` column ('' on rows that had none). */
export function showdocMd5Digest(password: string, salt: string): string {
  const md5 = (input: string) => createHash('md5').update(input, 'utf8').digest('hex');
  return md5(Buffer.from(md5(password), 'utf8').toString('base64') + SHOWDOC_MD5_PEPPER + salt);
}

export interface VerifyOptions {
  /**
   * Some stored hashes may still be bcrypt (a ShowDoc import not everyone has logged in since):
   * every check then also spends a bcrypt verification, so a bcrypt user, an argon2 user and an
   * unknown username all take as long as the slower of the two.
   */
  padBcrypt?: boolean;
}

/** Password hashing with argon2id (the library's default algorithm, 19 MiB, 2 passes). */
@Injectable()
export class PasswordHasher {
  private argon2Decoy?: Promise<string>;
  private bcryptDecoy?: Promise<string>;

  hash(password: string): Promise<string> {
    return hash(password);
  }

  /**
   * True when the password matches the hash (argon2id, or an imported ShowDoc bcrypt or salted-MD5
   * hash); false for a wrong password or a malformed hash. A check never takes less than an argon2
   * verification: the cheap MD5 check and a malformed hash run an argon2 decoy beside them.
   */
  async verify(passwordHash: string, password: string, options: VerifyOptions = {}): Promise<boolean> {
    const scheme = passwordSchemeOf(passwordHash);
    const checks = [this.check(scheme, passwordHash, password)];
    if (scheme !== 'argon2') checks.push(this.decoy((this.argon2Decoy ??= hash(randomBytes(16).toString('hex'))), password));
    if (options.padBcrypt && scheme !== 'bcrypt') checks.push(this.decoy((this.bcryptDecoy ??= bcryptHash(randomBytes(16).toString('hex'), 10)), password));
    const [valid] = await Promise.all(checks);
    return valid;
  }

  /** True for the imported schemes, which a successful login replaces with argon2id. */
  needsRehash(passwordHash: string): boolean {
    const scheme = passwordSchemeOf(passwordHash);
    return scheme === 'bcrypt' || scheme === 'showdoc-md5';
  }

  /**
   * Spends the same work as a real verification and always answers false, so a login for an
   * unknown username takes as long as one with a wrong password.
   */
  async verifyDecoy(password: string, options: VerifyOptions = {}): Promise<false> {
    await this.verify('', password, options);
    return false;
  }

  private async check(scheme: PasswordScheme, passwordHash: string, password: string): Promise<boolean> {
    try {
      switch (scheme) {
        case 'argon2':
          return await verify(passwordHash, password);
        case 'bcrypt':
          return await bcryptCompare(password, passwordHash);
        case 'showdoc-md5':
          return this.checkShowdocMd5(passwordHash.slice(SHOWDOC_MD5_HASH_PREFIX.length), password);
        default:
          return false;
      }
    } catch {
      return false;
    }
  }

  /** `<salt>$<digest>` or `<digest>` (no salt). */
  private checkShowdocMd5(stored: string, password: string): boolean {
    const split = stored.lastIndexOf('$');
    const salt = split < 0 ? '' : stored.slice(0, split);
    const digest = stored.slice(split + 1).toLowerCase();
    if (!MD5_HEX.test(digest)) return false;
    return timingSafeEqual(Buffer.from(showdocMd5Digest(password, salt)), Buffer.from(digest));
  }

  private async decoy(decoyHash: Promise<string>, password: string): Promise<boolean> {
    const stored = await decoyHash;
    await this.check(passwordSchemeOf(stored), stored, password);
    return false;
  }
}
