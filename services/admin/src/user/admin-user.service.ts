import { Injectable } from '@nestjs/common';
import { type Caller, requireAdmin, type UpdateNotice } from '@quire/proto';

/**
 * `adminUser/checkUpdate`, the one `adminUser/*` call that is not about users: the others are routed
 * straight to the auth service, which owns the users.
 */
@Injectable()
export class AdminUserService {
  /** No network on a self-hosted server: never a newer-version notice ({}), as the contract allows. */
  checkUpdate(caller: Caller): UpdateNotice {
    requireAdmin(caller);
    return {};
  }
}
