import { createTransport, type Transporter } from 'nodemailer';
import { Mailer, type MailMessage } from './mailer';

export interface SmtpMailerOptions {
  /** `smtp://user:pass@host:587` or `smtps://user:pass@host:465` */
  url: string;
  /** The sender, `Quire <noreply@example.com>`. */
  from: string;
}

/** Sends mail through an SMTP server with nodemailer. */
export class SmtpMailer extends Mailer {
  private readonly transporter: Transporter;

  constructor(private readonly options: SmtpMailerOptions) {
    super();
    this.transporter = createTransport(options.url);
  }

  override async send(message: MailMessage): Promise<void> {
    await this.transporter.sendMail({
      from: this.options.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html === undefined ? {} : { html: message.html }),
    });
  }

  /** Connects and authenticates without sending (readiness). */
  async ping(): Promise<void> {
    await this.transporter.verify();
  }

  close(): void {
    this.transporter.close();
  }
}
