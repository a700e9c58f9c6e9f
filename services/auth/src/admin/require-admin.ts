import { AppError, type Caller, ErrorCode } from '@quire/proto';
import { UserGroup } from '../user/user.entity';

/**
 * The console's subjects are internal, but each checks the original caller again: logged in
 * (10102), then an administrator (10103), whoever forwarded the message.
 */
export function requireAdmin(caller: Caller): void {
  if (!caller || caller.uid <= 0) throw new AppError(ErrorCode.NotLoggedIn, 'not_logged_in');
  if (caller.groupid !== UserGroup.Admin) throw new AppError(ErrorCode.NoPermission, 'no_permission');
}
