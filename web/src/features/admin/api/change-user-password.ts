import { apiRequest } from '../../../lib/api-client';

/** `adminUser/changePassword`: sets a user's password, no old password asked. */
export function changeUserPassword(input: { uid: number; new_password: string }): Promise<number> {
  return apiRequest<number>('adminUser/changePassword', input, { loading: true });
}
