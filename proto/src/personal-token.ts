import type { TokenScope } from './schemas/token.schema';

/**
 * How personal API tokens are published to the gateway, as sessions are (session.ts): the auth service writes a
 * record into the KeyValueStore under the SHA-256 of the token, with the token's lifetime, and the gateway reads it
 * through `SessionReader` in the round trip it makes for the session anyway. Only auth writes these keys.
 */
export interface PersonalTokenRecord {
  /** The token's id in `token/list`. */
  id: number;
  uid: number;
  username: string;
  groupid: number;
  scope: TokenScope;
}

/** What every personal token starts with, so that it is recognised (and found by secret scanners). */
export const PERSONAL_TOKEN_PREFIX = 'qpat_';

export const personalTokenKey = (tokenHash: string) => `personal-token-sha256:${tokenHash}`;

export const encodePersonalToken = (record: PersonalTokenRecord): string => JSON.stringify(record);

/** The record stored under `personalTokenKey`; null for text that is not one. */
export function decodePersonalToken(stored: string): PersonalTokenRecord | null {
  try {
    const record = JSON.parse(stored) as PersonalTokenRecord | null;
    return typeof record === 'object' && record !== null && Number.isSafeInteger(record.uid) && Number.isSafeInteger(record.id) && (record.scope === 'read' || record.scope === 'write')
      ? record
      : null;
  } catch {
    return null;
  }
}
