import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * SHA-256 of a high-entropy secret (a random token, a link's code), as 64 hex digits: what is stored
 * and looked up instead of the secret itself. Not for passwords a person chooses (those take a slow hash).
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Whether two secrets are equal, in a time that depends on neither (both are hashed to one length first). */
export function secretsEqual(a: string, b: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}
