import { AppError, type Caller, ErrorCode } from '@quire/proto';

/** Group id of administrators (contract §18 `user.groupid`). */
export const ADMIN_GROUP = 1;

/**
 * The gateway refuses non-administrators on `admin*` routes; the admin service checks again
 * (defence in depth): logged in (10102), then an administrator (10103).
 */
export function requireAdmin(caller: Caller): void {
  if (!caller || caller.uid <= 0) throw new AppError(ErrorCode.NotLoggedIn, 'not_logged_in');
  if (caller.groupid !== ADMIN_GROUP) throw new AppError(ErrorCode.NoPermission, 'no_permission');
}
