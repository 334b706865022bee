import type { AddressInfo } from 'node:net';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { AddressObject } from 'mailparser';
import type { Logger } from 'pino';
import { SMTPServer } from 'smtp-server';
import { NotificationChannel } from '../../shared/notification/notification-codes.js';

/** The header that ties an e-mail to its outbox row (and the capture back to it). */
export const NOTIFICATION_ID_HEADER = 'x-notification-id';

function addresses(value: AddressObject | AddressObject[] | undefined): string {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list
    .flatMap((item) => item.value.map((entry) => entry.address ?? ''))
    .filter(Boolean)
    .join(', ');
}

/**
 * The local SMTP capture (when SMTP_URL is unset): an SMTP server on 127.0.0.1 that the app's own mail transport
 * sends to; every message it receives is stored in `captured_message` for staff to read. Nothing leaves the machine.
 */
export class MailCapture {
  private server: SMTPServer | null = null;
  private port = 0;

  constructor(private readonly logger: Logger) {}

  /** The capture's address, for nodemailer. */
  get url(): string {
    if (!this.server) throw new Error('The mail capture has not started');
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(orm: MikroORM, port: number): Promise<void> {
    if (this.server) return;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      banner: 'bill smoothing mail capture',
      size: 5 * 1024 * 1024,
      logger: false,
      onData: (stream, session, callback) => {
        // The parser is loaded with the first message, not at start-up (about 0.3 s of a restart, issue 23 item 6).
        import('mailparser')
          .then(({ simpleParser }) => simpleParser(stream))
          .then(async (mail) => {
            const header = mail.headers.get(NOTIFICATION_ID_HEADER);
            const notificationId = typeof header === 'string' && /^\d{1,9}$/.test(header) ? Number(header) : null;
            const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address).join(', ') || addresses(mail.to);
            // The From as the member reads it (name and address), else the envelope's address.
            const envelope = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
            const sender = mail.from?.text || envelope;
            await orm.em.fork().execute(
              `insert into captured_message (channel, sender, recipients, subject, body, html, notification_id)
               values (?, ?, ?, ?, ?, ?, ?)`,
              [
                NotificationChannel.Email,
                sender.slice(0, 254),
                recipients,
                (mail.subject ?? '').slice(0, 300),
                mail.text ?? '',
                typeof mail.html === 'string' ? mail.html : null,
                notificationId,
              ],
              'run',
            );
            callback();
          })
          .catch((error: unknown) => {
            this.logger.warn({ err: error }, 'mail capture: message not stored');
            callback(error instanceof Error ? error : new Error(String(error)));
          });
      },
    });
    server.on('error', (error) => this.logger.warn({ err: error }, 'mail capture error'));
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
    this.logger.info({ port: this.port }, 'SMTP_URL is not set: e-mails are captured locally');
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
