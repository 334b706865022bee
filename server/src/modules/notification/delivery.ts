import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Clock } from '../../shared/clock.js';
import { ActivityType, writeActivity } from '../activity/index.js';
import type { Mailer } from './mailer.js';
import { NotificationChannel, NotificationStatus } from '../../shared/notification/notification-codes.js';
import {
  DELIVERY_EXPIRE_SECONDS,
  sentActivityDetails,
  statusAfterAttempt,
  undeliverableReason,
} from './outbox.rules.js';
import type { SettingsService } from '../settings/index.js';
import { institutionFacts } from './notification-settings.js';
import type { SmsProvider } from './sms-provider.js';

interface ClaimedRow {
  id: number;
  channel: NotificationChannel;
  recipient_email: string | null;
  recipient_mobile: string | null;
  email_subject: string | null;
  email_body: string | null;
  sms_body: string | null;
  member_id: number | null;
  account_id: number | null;
  agreement_id: number | null;
  created_by_id: number | null;
}

/** What one run of a delivery did: nothing (not ours to send), or sent / not sent by a channel. */
export type DeliveryOutcome = { sent: boolean; channel: NotificationChannel } | null;

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
    private readonly settings: SettingsService,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  async deliver(
    em: EntityManager,
    notificationId: number,
    options: { lastAttempt: boolean },
  ): Promise<DeliveryOutcome> {
    const now = this.clock.now();
    const [row] = await em.execute<ClaimedRow[]>(
      `update notification set status = ?, claimed_at = ?, attempts = attempts + 1
       where id = ? and (status = ? or (status = ? and claimed_at < ?))
       returning id, channel, recipient_email, recipient_mobile, email_subject, email_body, sms_body, member_id,
         account_id, agreement_id, created_by_id`,
      [
        NotificationStatus.Sending,
        now,
        notificationId,
        NotificationStatus.Queued,
        NotificationStatus.Sending,
        new Date(now.getTime() - DELIVERY_EXPIRE_SECONDS * 1000),
      ],
    );
    if (!row) return null; // sent, failed, cancelled or being sent by another job: nothing to do
    const message = {
      channel: Number(row.channel) as NotificationChannel,
      recipientEmail: row.recipient_email,
      recipientMobile: row.recipient_mobile,
      emailBody: row.email_body,
      smsBody: row.sms_body,
    };
    const reason = undeliverableReason(message);
    if (reason) {
      await this.finish(em, notificationId, { sent: false, retryable: false, lastAttempt: true }, reason);
      return { sent: false, channel: message.channel };
    }
    try {
      if (message.channel === NotificationChannel.Email) {
        const institution = await institutionFacts(this.settings, em);
        await this.mailer.send({
          notificationId,
          to: row.recipient_email!,
          subject: row.email_subject ?? '',
          text: row.email_body!,
          institutionName: institution.institutionName,
          replyTo: row.member_id === null ? null : institution.supportEmail,
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
      return { sent: false, channel: message.channel };
    }
    await em.transactional(async (tx) => {
      await this.finish(tx, notificationId, { sent: true, retryable: false, ...options }, null);
      await this.recordSent(tx, row, message.channel);
    });
    return { sent: true, channel: message.channel };
  }

  /** Messages of a channel waiting for a retry: once one is sent, the server is back and they need not wait. */
  async waitingRetries(em: EntityManager, channel: NotificationChannel): Promise<number[]> {
    const rows = await em.execute<{ id: number }[]>(
      `select id from notification where status = ? and channel = ? and attempts > 0 order by id limit 1000`,
      [NotificationStatus.Queued, channel],
    );
    return rows.map((row) => Number(row.id));
  }

  /** The member's activity history shows what was sent to them, word for word, when it went. */
  private async recordSent(tx: EntityManager, row: ClaimedRow, channel: NotificationChannel): Promise<void> {
    if (row.member_id === null || row.account_id === null) return; // to the support team: no member's history
    const email = channel === NotificationChannel.Email;
    const [agent] =
      row.created_by_id === null
        ? []
        : await tx.execute<{ display_name: string }[]>('select display_name from app_user where id = ?', [
            row.created_by_id,
          ]);
    await writeActivity(tx, {
      type: ActivityType.NotificationSent,
      accountId: Number(row.account_id),
      memberId: Number(row.member_id),
      agreementId: row.agreement_id === null ? null : Number(row.agreement_id),
      details: sentActivityDetails({
        channel,
        to: (email ? row.recipient_email : row.recipient_mobile) ?? '',
        subject: email ? row.email_subject : null,
        body: (email ? row.email_body : row.sms_body) ?? '',
      }),
      data: { notificationId: Number(row.id), channel: NotificationChannel[channel] },
      agentName: agent?.display_name ?? null,
      userId: row.created_by_id === null ? null : Number(row.created_by_id),
      occurredAt: this.clock.now(),
    });
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
