import type { LoggedInUser, TwoFactorChallenge, TwoFactorRecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '@quire/proto';
import useSWR, { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { noteUser } from '../../../lib/language';

export type { TwoFactorChallenge, TwoFactorRecoveryCodes, TwoFactorSetup, TwoFactorStatus };

export const twoFactorStatusKey = ['twoFactor/status', {}] as const;

export function useTwoFactorStatus() {
  return useSWR(twoFactorStatusKey, () => apiRequest<TwoFactorStatus>('twoFactor/status'));
}

/** A new secret and its QR code; with a login's enrolment challenge when the site requires a second factor. */
export function setupTwoFactor(challenge = ''): Promise<TwoFactorSetup> {
  return apiRequest<TwoFactorSetup>('twoFactor/setup', challenge ? { challenge } : {}, { alert: false });
}

/** Turns the factor on with a first code; with a login's challenge the login completes too. */
export async function enableTwoFactor(code: string, challenge = ''): Promise<TwoFactorRecoveryCodes & { user?: LoggedInUser }> {
  const enabled = await apiRequest<TwoFactorRecoveryCodes & { user?: LoggedInUser }>('twoFactor/enable', challenge ? { code, challenge } : { code }, { alert: false });
  if (enabled.user) void noteUser(enabled.user);
  else await mutate(twoFactorStatusKey);
  return enabled;
}

export async function disableTwoFactor(code: string): Promise<void> {
  await apiRequest('twoFactor/disable', { code }, { alert: false });
  await mutate(twoFactorStatusKey);
}

export async function regenerateRecoveryCodes(code: string): Promise<TwoFactorRecoveryCodes> {
  const codes = await apiRequest<TwoFactorRecoveryCodes>('twoFactor/recoveryCodes', { code }, { alert: false });
  await mutate(twoFactorStatusKey);
  return codes;
}

/** The second step of a login: the challenge the password step answered with, and a code. */
export async function loginTwoFactor(challenge: string, code: string): Promise<LoggedInUser> {
  const user = await apiRequest<LoggedInUser>('user/loginTwoFactor', { challenge, code }, { alert: false, loading: true });
  void noteUser(user);
  return user;
}
