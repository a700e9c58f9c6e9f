import { apiRequest } from '../../../lib/api-client';

/** The link of the verification mail: marks the bound address verified. */
export function verifyEmail(input: { uid: string; token: string }): Promise<unknown> {
  return apiRequest('user/verifyEmail', input);
}
