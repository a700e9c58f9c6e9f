import { apiRequest } from '../../../lib/api-client';

export interface RegisterInput {
  username: string;
  password: string;
  confirm_password: string;
  v_code: string;
}

export function register(input: RegisterInput): Promise<unknown> {
  return apiRequest('user/register', { ...input }, { loading: true });
}
