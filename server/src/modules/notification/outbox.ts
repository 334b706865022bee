import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../shared/clock.js';
import { defineJob, type JobQueue } from '../../jobs/job-queue.js';
import {
  NotificationChannel,
  NotificationStatus,
  type NotificationSourceType,
} from '../../shared/notification/notification-codes.js';
import { DELIVERY_EXPIRE_SECONDS, DELIVERY_RETRY } from './outbox.rules.js';

/**
 * Delivers one outbox message. Retried 12 times from 30 s, doubling, for at least 34 hours (`DELIVERY_RETRY`); lost
 * after 60 s and tried again.
 */
export const DELIVER_NOTIFICATION_JOB = defineJob<{ notificationId: number }>({
  name: 'notification-deliver',
  policy: 'short',
  ...DELIVERY_RETRY,
  expireInSeconds: DELIVERY_EXPIRE_SECONDS,
});

/** Every minute: a job for any message still to send that has none (written before a crash lost its job, seeds). */
export const SWEEP_OUTBOX_JOB = defineJob<Record<string, never>>({
  name: 'notification-sweep',
  policy: 'short',
  retryLimit: 0,
  retryDelaySeconds: 0,
  retryBackoff: false,
  expireInSeconds: 60,
  cron: '* * * * *',
});

export function deliveryJobKey(notificationId: number): string {
  return `notification:${notificationId}`;
}

/** One message to send: an e-mail (subject and body) or an SMS (body), to one recipient. */
export interface OutboxMessage {
  sourceType: NotificationSourceType;
  /** NotificationName: usually the template's name. */
  name: string;
  channel: NotificationChannel;
  /** The e-mail address or mobile number. */
  to: string;
  /** E-mail only. */
  subject?: string | null;
  body: string;
  /** The free text of a support message (kept beside the rendered body). */
  message?: string | null;
  templateId?: number | null;
  memberId?: number | null;
  accountId?: number | null;
  agreementId?: number | null;
  createdByUserId?: number | null;
}

/**
 * The notification outbox: the one way anything sends a message to a member or to the support team. `enqueue`
 * writes the message and its delivery job inside the caller's transaction, so the message exists exactly when
 * the event that caused it commits (README.md).
 */
export class NotificationOutbox {
  constructor(
    private readonly jobs: JobQueue,
    private readonly clock: Clock,
  ) {}

  /** Queues a message inside `tx` (from `em.transactional`); answers its id. Call `wake()` after the commit. */
  async enqueue(tx: EntityManager, message: OutboxMessage): Promise<number> {
    if (!tx.isInTransaction()) throw new Error('NotificationOutbox.enqueue needs the event’s transaction');
    const email = message.channel === NotificationChannel.Email;
    const [row] = await tx.execute<{ id: number }[]>(
      `insert into notification (source_type, name, template_id, member_id, account_id, agreement_id, channel,
         recipient_email, recipient_mobile, email_subject, email_body, sms_body, message, status, queued_at,
         attempts, created_by_id)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?) returning id`,
      [
        message.sourceType,
        message.name.slice(0, 80),
        message.templateId ?? null,
        message.memberId ?? null,
        message.accountId ?? null,
        message.agreementId ?? null,
        message.channel,
        email ? message.to : null,
        email ? null : message.to,
        email ? (message.subject ?? '').slice(0, 200) : null,
        email ? message.body : null,
        email ? null : message.body.slice(0, 480),
        message.message ?? null,
        NotificationStatus.Queued,
        this.clock.now(),
        message.createdByUserId ?? null,
      ],
    );
    const id = Number(row.id);
    await this.jobs.send(tx, DELIVER_NOTIFICATION_JOB, { notificationId: id }, { key: deliveryJobKey(id) });
    return id;
  }

  /**
   * A message that failed for good goes back to the queue with a new delivery job, inside `tx`; false when it is
   * not failed (sent, or still being tried), so a second resend sends nothing twice.
   */
  async requeue(tx: EntityManager, notificationId: number): Promise<boolean> {
    if (!tx.isInTransaction()) throw new Error('NotificationOutbox.requeue needs a transaction');
    const rows = await tx.execute<{ id: number }[]>(
      `update notification set status = ?, claimed_at = null where id = ? and status = ? returning id`,
      [NotificationStatus.Queued, notificationId, NotificationStatus.Failed],
    );
    if (rows.length === 0) return false;
    await this.jobs.send(tx, DELIVER_NOTIFICATION_JOB, { notificationId }, { key: deliveryJobKey(notificationId) });
    return true;
  }

  /** After the commit: this instance's delivery worker looks now instead of at its next poll. */
  wake(): void {
    this.jobs.notify(DELIVER_NOTIFICATION_JOB);
  }
}
