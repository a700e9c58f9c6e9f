import { apiRequest } from '../../../lib/api-client';

export interface ResetPasswordByUrlInput {
  new_password: string;
  uid: string;
  email: string;
  token: string;
}

export function resetPasswordByUrl(input: ResetPasswordByUrlInput): Promise<unknown> {
  return apiRequest('user/resetPasswordByUrl', { ...input }, { loading: true });
}
