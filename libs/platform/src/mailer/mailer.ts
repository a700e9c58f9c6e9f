export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** The mail port: SMTP when configured, otherwise an outbox that logs and keeps each message. */
export abstract class Mailer {
  abstract send(message: MailMessage): Promise<void>;
}
