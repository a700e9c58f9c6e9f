import { apiRequest } from '../../../lib/api-client';

/** Forgot password: mails a reset link to the bound address. */
export function resetPasswordEmail(input: { email: string; v_code: string }): Promise<unknown> {
  return apiRequest('user/resetPasswordEmail', input, { loading: true });
}
