import nodemailer, { type Transporter } from 'nodemailer';
import { NOTIFICATION_ID_HEADER } from './mail-capture.js';
import { emailHtml, senderOf } from './message-html.rules.js';
import { notificationMessageId } from './outbox.rules.js';

export interface OutgoingEmail {
  notificationId: number;
  to: string;
  subject: string;
  text: string;
  /** The institution's name: the sender's name, and the heading of the HTML part. */
  institutionName: string;
  /** Where a member's reply goes: the support team. */
  replyTo?: string | null;
}

/**
 * E-mail by SMTP with nodemailer: to SMTP_URL, or to the app's own capture when it is unset. From the institution's
 * name (settings) at MAIL_FROM's address; a text part and the same words as HTML.
 */
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
      from: senderOf(email.institutionName, this.from),
      to: email.to,
      ...(email.replyTo ? { replyTo: email.replyTo } : {}),
      subject: email.subject,
      text: email.text,
      html: emailHtml(email.text, email.institutionName),
      messageId: notificationMessageId(email.notificationId),
      headers: { [NOTIFICATION_ID_HEADER]: String(email.notificationId) },
    });
  }

  close(): void {
    this.transporter?.close();
    this.transporter = null;
  }
}
