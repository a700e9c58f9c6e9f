import { AppError, type Caller, ErrorCode } from '@quire/proto';

/** The gateway already refuses anonymous calls to login routes; the service checks again (defence in depth). */
export function requireLogin(caller: Caller): void {
  if (!(caller.uid > 0)) throw new AppError(ErrorCode.NotLoggedIn, 'not_logged_in');
}
