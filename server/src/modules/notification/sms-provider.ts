import type { EntityManager } from '@mikro-orm/postgresql';
import { NotificationChannel } from '../../shared/notification/notification-codes.js';

export interface SmsMessage {
  notificationId: number;
  to: string;
  body: string;
}

/**
 * Where SMS go. A real provider (an SMS gateway's API) implements this and is passed to `createServices`; it must
 * throw when the message was not accepted (the outbox then retries). The default captures every SMS.
 */
export interface SmsProvider {
  readonly name: string;
  send(em: EntityManager, message: SmsMessage): Promise<void>;
}

/** The default provider: keeps every SMS in `captured_message`, where staff read them; nothing is sent. */
export class CapturingSmsProvider implements SmsProvider {
  readonly name = 'capture';

  async send(em: EntityManager, message: SmsMessage): Promise<void> {
    await em.execute(
      `insert into captured_message (channel, sender, recipients, subject, body, notification_id)
       values (?, 'sms', ?, null, ?, ?)`,
      [NotificationChannel.Sms, message.to, message.body, message.notificationId],
      'run',
    );
  }
}
