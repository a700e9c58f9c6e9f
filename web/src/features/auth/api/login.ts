import type { LoggedInUser } from '@quire/proto';
import { apiRequest } from '../../../lib/api-client';
import { noteUser } from '../../../lib/language';

export interface LoginInput {
  username: string;
  password: string;
  v_code: string;
}

/** Signs in; the app speaks the user's language setting from then on. */
export async function login(input: LoginInput): Promise<LoggedInUser> {
  const user = await apiRequest<LoggedInUser>('user/login', { ...input }, { loading: true });
  void noteUser(user);
  return user;
}
