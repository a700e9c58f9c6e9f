import { apiRequest } from '../../../lib/api-client';

/** `adminUser/resetTwoFactor` (issue 21): the user signs in with the password alone again. */
export async function resetUserTwoFactor(uid: number): Promise<void> {
  await apiRequest('adminUser/resetTwoFactor', { uid });
}
