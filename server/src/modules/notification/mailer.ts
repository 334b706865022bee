import nodemailer, { type Transporter } from 'nodemailer';
import { NOTIFICATION_ID_HEADER } from './mail-capture.js';
import { notificationMessageId } from './outbox.rules.js';

export interface OutgoingEmail {
  notificationId: number;
  to: string;
  subject: string;
  text: string;
}

/** E-mail by SMTP with nodemailer: to SMTP_URL, or to the app's own capture when it is unset. */
export class Mailer {
  private transporter: Transporter | null = null;

  constructor(
    /** The SMTP server's URL, read when the first e-mail goes (the capture's port is known only once it listens). */
    private readonly url: () => string,
    private readonly from: string,
  ) {}

  async send(email: OutgoingEmail): Promise<void> {
    this.transporter ??= nodemailer.createTransport(this.url());
    await this.transporter.sendMail({
      from: this.from,
      to: email.to,
      subject: email.subject,
      text: email.text,
      messageId: notificationMessageId(email.notificationId),
      headers: { [NOTIFICATION_ID_HEADER]: String(email.notificationId) },
    });
  }

  close(): void {
    this.transporter?.close();
    this.transporter = null;
  }
}
