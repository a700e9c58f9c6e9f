import { Logger } from '@nestjs/common';
import type { DocumentStore } from '../document-store/document-store';
import { Mailer, type MailMessage } from './mailer';

/** One message kept in the `mail_outbox` collection. */
export interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Unix seconds. */
  created_at: number;
}

export const MAIL_OUTBOX_COLLECTION = 'mail_outbox';

/**
 * The mailer when no SMTP server is configured: each message is kept in the document
 * store (the admin can read it) and logged, instead of being sent.
 */
export class OutboxMailer extends Mailer {
  private readonly logger = new Logger(OutboxMailer.name);

  constructor(private readonly store: DocumentStore) {
    super();
  }

  override async send(message: MailMessage): Promise<void> {
    const entry: OutboxMessage = {
      id: await this.store.nextId(MAIL_OUTBOX_COLLECTION),
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html === undefined ? {} : { html: message.html }),
      created_at: Math.floor(Date.now() / 1000),
    };
    await this.store.collection<OutboxMessage>(MAIL_OUTBOX_COLLECTION).insertOne(entry);
    this.logger.log(`Mail #${entry.id} to ${entry.to} kept in the outbox (no SMTP configured): ${entry.subject}`);
  }

  /** The newest messages first. */
  list(limit = 50): Promise<OutboxMessage[]> {
    return this.store.collection<OutboxMessage>(MAIL_OUTBOX_COLLECTION).find({}, { sort: { id: -1 }, limit });
  }
}
