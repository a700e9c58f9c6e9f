import { Injectable } from '@nestjs/common';
import { TransportClient } from '@quire/platform';
import { type Caller, type LdapForm, type MailOutbox, type QuireContracts, Subject } from '@quire/proto';

/** What the admin service asks the auth service (which owns the users), always with the original caller. */
@Injectable()
export class AuthClient {
  constructor(private readonly transport: TransportClient<QuireContracts>) {}

  /** Connects, binds and searches with the form; rejects with 10011 and the reason when that fails. */
  async testLdap(caller: Caller, form: LdapForm): Promise<void> {
    await this.transport.send(Subject.AuthLdapTest, { caller, params: { ldap_form: form } });
  }

  mailOutbox(caller: Caller): Promise<MailOutbox> {
    return this.transport.send(Subject.AuthMailOutbox, { caller, params: {} });
  }
}
