import type { LoggedInUser } from '@quire/proto';
import { apiRequest } from '../../../lib/api-client';

export interface LoginInput {
  username: string;
  password: string;
  v_code: string;
}

export function login(input: LoginInput): Promise<LoggedInUser> {
  return apiRequest<LoggedInUser>('user/login', { ...input }, { loading: true });
}
