import { apiRequest } from '../../../lib/api-client';

/** `user/resetPassword`: the old and the new password of the logged-in user. */
export function changePassword(input: { password: string; new_password: string }): Promise<unknown> {
  return apiRequest('user/resetPassword', input, { loading: true });
}
