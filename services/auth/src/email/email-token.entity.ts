/** What an e-mail link proves: that the address is the user's (`verify`), or the right to set a new password (`reset`). */
export type EmailTokenPurpose = 'verify' | 'reset';

/** One link sent by mail. Only the token's SHA-256 is kept, so the stored rows cannot be replayed. */
export interface EmailTokenEntity {
  id: number;
  uid: number;
  /** The address the link was sent to (lower-case). */
  email: string;
  purpose: EmailTokenPurpose;
  token_hash: string;
  /** Unix seconds. */
  created_at: number;
  expires_at: number;
  /** 1 once opened (or replaced by a newer link). */
  used: 0 | 1;
}
