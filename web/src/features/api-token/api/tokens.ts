import type { CreatedToken, TokenRow, TokenScope } from '@quire/proto';
import useSWR, { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';

export type { CreatedToken, TokenRow, TokenScope };

export const tokensKey = ['token/list', {}] as const;

/** `token/list`: the user's personal API tokens (never the tokens themselves). */
export function useTokens() {
  return useSWR(tokensKey, () => apiRequest<TokenRow[]>('token/list'));
}

/** `token/create`: the answer holds the token, shown this once; the list is read again. */
export async function createToken(input: { name: string; scope: TokenScope; expire_days: number }): Promise<CreatedToken> {
  const created = await apiRequest<CreatedToken>('token/create', input, { alert: false });
  await mutate(tokensKey);
  return created;
}

/** `token/revoke`: the token stops working at once. */
export async function revokeToken(id: number): Promise<void> {
  await apiRequest('token/revoke', { id });
  await mutate(tokensKey);
}
