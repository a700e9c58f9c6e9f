import { z } from 'zod';
import { integer, requiredText } from '../validation';

/**
 * Personal API tokens (issue 21): a user makes them in personal settings for scripts and AI assistants. A token
 * acts with its owner's rights, narrowed by its scope. Owned by the auth service (`services/auth/src/token/`).
 */

/** `read`: only calls that change nothing; `write`: every call the owner may make. */
export const TOKEN_SCOPES = ['read', 'write'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** The longest lifetime a token may be given, in days; 0 means it never expires. */
export const TOKEN_MAX_EXPIRE_DAYS = 3650;
/** The most live tokens one user may hold. */
export const TOKEN_MAX_PER_USER = 50;

/** `token/create`: `expire_days` 0 for a token that never expires. */
export const CreateTokenSchema = z.object({
  name: requiredText({ trim: true }).pipe(z.string().max(60, { error: 'param_too_long' })),
  scope: requiredText({ trim: true }).pipe(z.enum(TOKEN_SCOPES, { error: 'param_not_one_of' })),
  expire_days: integer().pipe(z.number().min(0, { error: 'param_out_of_range' }).max(TOKEN_MAX_EXPIRE_DAYS, { error: 'param_out_of_range' })),
});
export type CreateTokenDto = z.output<typeof CreateTokenSchema>;

export const RevokeTokenSchema = z.object({
  id: integer().pipe(z.number().min(1, { error: (issue) => (issue.input === 0 ? 'param_required' : 'param_out_of_range') })),
});
export type RevokeTokenDto = z.output<typeof RevokeTokenSchema>;

/** Internal (gateway): a token was used; its last use is kept to the minute. */
export const TouchTokenSchema = z.object({ id: integer().pipe(z.number().min(1)) });
export type TouchTokenDto = z.output<typeof TouchTokenSchema>;

/** `token/create`'s answer: the only time the token itself is shown. */
export interface CreatedToken {
  id: number;
  token: string;
}

/** One token of `token/list` (the token itself is never shown again; `prefix` tells them apart). */
export interface TokenRow {
  id: number;
  name: string;
  scope: TokenScope;
  /** The token's first characters, e.g. `qpat_3fA9`. */
  prefix: string;
  /** Unix seconds. */
  addtime: number;
  /** Unix seconds; 0 for never. */
  expire_time: number;
  /** Unix seconds; 0 when never used. */
  last_used_time: number;
  expired: boolean;
}
