import { createHash, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { secretsEqual } from '@quire/platform';

/** A new link key: 128 random bits as 32 hexadecimal digits. */
export function newShareKey(): string {
  return randomBytes(16).toString('hex');
}

/** A link's password, hashed slowly with a random salt: `scrypt$<salt>$<hash>` (hex). */
export function hashLinkPassword(password: string): string {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('hex')}$${scryptSync(password, salt, 32).toString('hex')}`;
}

/** Whether a typed password is the link's, in constant time. */
export function linkPasswordMatches(typed: string, stored: string): boolean {
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'hex');
  return timingSafeEqual(scryptSync(typed, Buffer.from(salt, 'hex'), expected.length), expected);
}

/**
 * The proof that a reader typed the password, for the files a page shows (an image URL carries no password):
 * derived from the key and the stored hash, so it dies with a new password and means nothing for another link.
 */
export function shareTokenOf(shareKey: string, passwordHash: string): string {
  return passwordHash === '' ? '' : createHash('sha256').update(`${shareKey}:${passwordHash}`, 'utf8').digest('hex');
}

/** Whether a token proves the password of a link (always, for a link without one). */
export function shareTokenMatches(shareKey: string, passwordHash: string, token: string): boolean {
  return passwordHash === '' || secretsEqual(token, shareTokenOf(shareKey, passwordHash));
}
