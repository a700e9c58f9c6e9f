import { createHash } from 'node:crypto';

/**
 * A reply's version (proto's `Reply.version`): a short hash of everything the answer was built
 * from — the version tokens read before the data, the caller's identity and rights, the parameters
 * that shape it. Two callers whose rights differ never get the same version.
 */
export function replyVersion(...parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 27);
}
