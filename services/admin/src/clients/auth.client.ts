import { Injectable } from '@nestjs/common';
import { TransportClient } from '@quire/platform';
import {
  type AddedUser,
  type AdminAddUserDto,
  type AdminChangePasswordDto,
  type AdminListUsersDto,
  type AdminUserPage,
  type Caller,
  type LdapForm,
  type MailOutbox,
  Subject,
  type UserSummary,
} from '@quire/proto';

/** What the admin service asks the auth service (which owns the users), always with the original caller. */
@Injectable()
export class AuthClient {
  constructor(private readonly transport: TransportClient) {}

  listUsers(caller: Caller, dto: AdminListUsersDto): Promise<AdminUserPage> {
    return this.transport.send<AdminUserPage>(Subject.AuthAdminListUsers, { caller, params: { ...dto } });
  }

  getUser(caller: Caller, uid: number): Promise<UserSummary | null> {
    return this.transport.send<UserSummary | null>(Subject.AuthAdminGetUser, { caller, params: { uid } });
  }

  addUser(caller: Caller, dto: AdminAddUserDto): Promise<AddedUser> {
    return this.transport.send<AddedUser>(Subject.AuthAdminAddUser, { caller, params: { ...dto } });
  }

  changePassword(caller: Caller, dto: AdminChangePasswordDto): Promise<number> {
    return this.transport.send<number>(Subject.AuthAdminChangePassword, { caller, params: { ...dto } });
  }

  deleteUser(caller: Caller, uid: number): Promise<number> {
    return this.transport.send<number>(Subject.AuthAdminDeleteUser, { caller, params: { uid } });
  }

  /** Connects, binds and searches with the form; rejects with 10011 and the reason when that fails. */
  async testLdap(caller: Caller, form: LdapForm): Promise<void> {
    await this.transport.send(Subject.AuthLdapTest, { caller, params: { ldap_form: form } });
  }

  mailOutbox(caller: Caller): Promise<MailOutbox> {
    return this.transport.send<MailOutbox>(Subject.AuthMailOutbox, { caller, params: {} });
  }
}
