import { Injectable } from '@nestjs/common';
import { Mailer, OutboxMailer } from '@quire/platform';
import { type Caller, formatTime, type MailOutbox, requireAdmin } from '@quire/proto';

/** How many of the newest messages the console shows. */
export const OUTBOX_LIMIT = 50;

/** The mail the auth service sent while no SMTP server is configured, for the administrator. */
@Injectable()
export class MailOutboxService {
  constructor(private readonly mailer: Mailer) {}

  async list(caller: Caller): Promise<MailOutbox> {
    requireAdmin(caller);
    if (!(this.mailer instanceof OutboxMailer)) return { smtp: true, messages: [] };
    const messages = await this.mailer.list(OUTBOX_LIMIT);
    return {
      smtp: false,
      messages: messages.map((m) => ({ id: m.id, to: m.to, subject: m.subject, text: m.text, created_at: formatTime(m.created_at) })),
    };
  }
}
