import { AppError } from './app-error';
import { ErrorCode } from './error-code';
import type { Caller } from './message';

/** Group id of administrators (contract §18 `user.groupid`). */
export const ADMIN_GROUP = 1;

/**
 * Every administrator subject checks the original caller again, whoever forwarded the message
 * (the gateway already refuses others on `admin*` routes): logged in (10102), then an administrator (10103).
 */
export function requireAdmin(caller: Caller): void {
  if (!caller || caller.uid <= 0) throw new AppError(ErrorCode.NotLoggedIn, 'not_logged_in');
  if (caller.groupid !== ADMIN_GROUP) throw new AppError(ErrorCode.NoPermission, 'no_permission');
}
