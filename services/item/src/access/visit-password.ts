import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Whether a typed visit password is the item's one: exact string equality (ShowDoc compared
 * loosely, so `1e3` opened an item whose password was `1000`), in constant time.
 */
export function visitPasswordMatches(typed: string, stored: string): boolean {
  if (stored === '') return false;
  return timingSafeEqual(digest(typed), digest(stored));
}
