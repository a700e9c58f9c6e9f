/**
 * A user's second factor (issue 21). The TOTP secrets are encrypted at rest (TwoFactorRepository); the recovery
 * codes are kept only as their SHA-256.
 */
export interface TwoFactorEntity {
  uid: number;
  /** The active secret (base32), '' until a code confirmed one. */
  secret: string;
  /** A secret made by `twoFactor/setup` and waiting for its first code, else ''. */
  pending_secret: string;
  /** Unix seconds; 0 while off. */
  enabled_time: number;
  /** SHA-256 of each recovery code not used yet. */
  recovery_hashes: string[];
  /** The last time step a code was accepted for: an earlier or equal one is refused (no replay). */
  last_step: number;
}
