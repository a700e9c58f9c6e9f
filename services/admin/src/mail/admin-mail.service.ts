import { Injectable } from '@nestjs/common';
import { type Caller, type MailOutbox, requireAdmin } from '@quire/proto';
import { AuthClient } from '../clients/auth.client';

/** `adminMail/outbox`: the mail kept instead of sent while no SMTP server is configured (the auth service sends mail). */
@Injectable()
export class AdminMailService {
  constructor(private readonly auth: AuthClient) {}

  outbox(caller: Caller): Promise<MailOutbox> {
    requireAdmin(caller);
    return this.auth.mailOutbox(caller);
  }
}
