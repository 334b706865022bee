import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Clock } from '../../common/clock.js';
import type { Mailer } from './mailer.js';
import { NotificationChannel, NotificationStatus } from './notification-codes.js';
import { DELIVERY_EXPIRE_SECONDS, statusAfterAttempt, undeliverableReason } from './outbox.rules.js';
import type { SmsProvider } from './sms-provider.js';

interface ClaimedRow {
  id: number;
  channel: NotificationChannel;
  recipient_email: string | null;
  recipient_mobile: string | null;
  email_subject: string | null;
  email_body: string | null;
  sms_body: string | null;
}

/**
 * Sends one outbox message. The message is claimed first (status Sending, committed) by a conditional update, so
 * of two jobs for one message only one sends; a claim older than the job expiry was lost with its instance and
 * may be taken again (the e-mail then goes again with the same Message-ID). Sent, or back to Queued with the error
 * to retry (the job throws), or Failed on the last attempt.
 */
export class NotificationDelivery {
  constructor(
    private readonly mailer: Mailer,
    private readonly sms: SmsProvider,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  async deliver(em: EntityManager, notificationId: number, options: { lastAttempt: boolean }): Promise<void> {
    const now = this.clock.now();
    const [row] = await em.execute<ClaimedRow[]>(
      `update notification set status = ?, claimed_at = ?, attempts = attempts + 1
       where id = ? and (status = ? or (status = ? and claimed_at < ?))
       returning id, channel, recipient_email, recipient_mobile, email_subject, email_body, sms_body`,
      [
        NotificationStatus.Sending,
        now,
        notificationId,
        NotificationStatus.Queued,
        NotificationStatus.Sending,
        new Date(now.getTime() - DELIVERY_EXPIRE_SECONDS * 1000),
      ],
    );
    if (!row) return; // sent, failed, cancelled or being sent by another job: nothing to do
    const message = {
      channel: Number(row.channel) as NotificationChannel,
      recipientEmail: row.recipient_email,
      recipientMobile: row.recipient_mobile,
      emailBody: row.email_body,
      smsBody: row.sms_body,
    };
    const reason = undeliverableReason(message);
    if (reason) return this.finish(em, notificationId, { sent: false, retryable: false, lastAttempt: true }, reason);
    try {
      if (message.channel === NotificationChannel.Email) {
        await this.mailer.send({
          notificationId,
          to: row.recipient_email!,
          subject: row.email_subject ?? '',
          text: row.email_body!,
        });
      } else {
        await this.sms.send(em, { notificationId, to: row.recipient_mobile!, body: row.sms_body! });
      }
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      this.logger.warn({ notificationId, err: text }, 'notification not delivered');
      await this.finish(em, notificationId, { sent: false, retryable: true, ...options }, text);
      if (!options.lastAttempt)
        throw new Error(`Notification ${notificationId} not delivered: ${text}`, { cause: error });
      return;
    }
    await this.finish(em, notificationId, { sent: true, retryable: false, ...options }, null);
  }

  /** Ids of messages still to send whose claim (if any) was lost: the sweep gives each a job. */
  async waiting(em: EntityManager): Promise<number[]> {
    const now = this.clock.now();
    const rows = await em.execute<{ id: number }[]>(
      `select id from notification where status = ? or (status = ? and claimed_at < ?) order by id limit 1000`,
      [NotificationStatus.Queued, NotificationStatus.Sending, new Date(now.getTime() - DELIVERY_EXPIRE_SECONDS * 1000)],
    );
    return rows.map((row) => Number(row.id));
  }

  private async finish(
    em: EntityManager,
    notificationId: number,
    outcome: Parameters<typeof statusAfterAttempt>[0],
    error: string | null,
  ): Promise<void> {
    const status = statusAfterAttempt(outcome);
    await em.execute(
      `update notification set status = ?, sent_at = ?, last_error = ?, claimed_at = null where id = ?`,
      [
        status,
        status === NotificationStatus.Sent ? this.clock.now() : null,
        error?.slice(0, 1000) ?? null,
        notificationId,
      ],
      'run',
    );
  }
}
