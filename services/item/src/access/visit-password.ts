import { secretsEqual } from '@quire/platform';

/**
 * Whether a typed visit password is the item's one: exact string equality (ShowDoc compared
 * loosely, so `1e3` opened an item whose password was `1000`), in constant time.
 */
export function visitPasswordMatches(typed: string, stored: string): boolean {
  if (stored === '') return false;
  return secretsEqual(typed, stored);
}
