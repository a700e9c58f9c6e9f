import type { TokenScope } from '@quire/proto';

/**
 * A personal API token (issue 21). Only the SHA-256 of the token is kept; the token itself was shown once, when it
 * was made. The live ones are also published to the gateway in the KeyValueStore (PersonalTokenService).
 */
export interface PersonalTokenEntity {
  id: number;
  uid: number;
  name: string;
  scope: TokenScope;
  token_hash: string;
  /** The token's first characters, to tell tokens apart in the list. */
  prefix: string;
  /** Unix seconds. */
  addtime: number;
  /** Unix seconds; 0 for never. */
  expire_time: number;
  /** Unix seconds; 0 when never used. */
  last_used_time: number;
  /** Unix seconds; 0 while not revoked. */
  revoked_time: number;
}
