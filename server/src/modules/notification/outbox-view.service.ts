import type { EntityManager } from '@mikro-orm/postgresql';
import { requireUser } from '../../common/auth/access.js';
import type { CurrentUser } from '../../common/auth/current-user.js';
import { isStaff, actsAsStaff } from '../../common/auth/roles.js';
import type { Clock } from '../../shared/clock.js';
import { DomainError, ForbiddenError, NotFoundError } from '../../shared/errors.js';
import { instantOf } from '../../database/row-values.js';
import {
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_STATUS_LABELS,
  NotificationChannel,
  NotificationSourceType,
  NotificationStatus,
} from '../../shared/notification/notification-codes.js';
import type { NotificationOutbox } from './outbox.js';
import type { CapturedMessageView, OutboxMessageView } from './outbox.types.js';

export const RESEND_MESSAGES = {
  queued: 'The message is queued again and will be sent shortly.',
  notFailed: 'Only a message that failed can be sent again; this one is sent or still being tried.',
  notFound: 'Could not find the message.',
} as const;

export const OUTBOX_PAGE_MAX = 200;

function staffOnly(user: CurrentUser | null): void {
  if (!isStaff(requireUser(user).roles)) throw new ForbiddenError();
}

function statusCode(name: string | null): NotificationStatus | null {
  if (name === null || name === '') return null;
  const found = Object.entries(NOTIFICATION_STATUS_LABELS).find(
    ([, label]) => label.toLowerCase() === name.toLowerCase(),
  );
  if (!found) {
    throw new DomainError(
      'INVALID_STATUS',
      `status must be one of ${Object.values(NOTIFICATION_STATUS_LABELS).join(', ')}.`,
      'status',
    );
  }
  return Number(found[0]) as NotificationStatus;
}

function limitOf(limit: number | null): number {
  if (limit === null) return 50;
  if (limit < 1 || limit > OUTBOX_PAGE_MAX) {
    throw new DomainError('INVALID_LIMIT', `limit must be between 1 and ${OUTBOX_PAGE_MAX}.`, 'limit');
  }
  return limit;
}

const MESSAGE_COLUMNS = `id, name, source_type, channel, recipient_email, recipient_mobile, email_subject, email_body,
  sms_body, status, attempts, last_error, queued_at, sent_at, account_id, member_id`;

function messageView(row: Record<string, unknown>): OutboxMessageView {
  const channel = Number(row.channel) as NotificationChannel;
  const email = channel === NotificationChannel.Email;
  return {
    notificationId: Number(row.id),
    name: String(row.name),
    sourceType: NotificationSourceType[Number(row.source_type)] ?? 'Unknown',
    channel: NOTIFICATION_CHANNEL_LABELS[channel] ?? 'Unknown',
    recipient: ((email ? row.recipient_email : row.recipient_mobile) as string | null) ?? null,
    subject: email ? ((row.email_subject as string | null) ?? null) : null,
    body: ((email ? row.email_body : row.sms_body) as string | null) ?? null,
    status: NOTIFICATION_STATUS_LABELS[Number(row.status) as NotificationStatus] ?? 'Unknown',
    attempts: Number(row.attempts),
    lastError: (row.last_error as string | null) ?? null,
    queuedAt: instantOf(row.queued_at as Date),
    sentAt: row.sent_at ? instantOf(row.sent_at as Date) : null,
    accountId: row.account_id === null ? null : Number(row.account_id),
    memberId: row.member_id === null ? null : Number(row.member_id),
  };
}

/** What staff see of the outbox: each message's delivery status, and what the local capture caught; and resend. */
export class OutboxViewService {
  constructor(
    private readonly outbox: NotificationOutbox,
    private readonly clock: Clock,
  ) {}

  /**
   * Staff send a failed message again (issue 21 item 4: nothing is dropped silently): back to the queue with a new
   * delivery job, audited, in one transaction. Refused for a message not failed.
   */
  async resend(em: EntityManager, user: CurrentUser | null, notificationId: number): Promise<OutboxMessageView> {
    const caller = requireUser(user);
    if (!actsAsStaff(caller.roles)) throw new ForbiddenError();
    await em.fork().transactional(async (tx) => {
      const [row] = await tx.execute<{ status: number }[]>('select status from notification where id = ? for update', [
        notificationId,
      ]);
      if (!row) throw new NotFoundError(RESEND_MESSAGES.notFound);
      if (!(await this.outbox.requeue(tx, notificationId))) {
        throw new DomainError('NOT_FAILED', RESEND_MESSAGES.notFailed, 'notificationId');
      }
      const now = this.clock.now();
      await tx.execute(
        `insert into audit_record (occurred_at, user_id, action, entity_type, entity_id, idempotency_key, request, response)
         values (?, ?, 'resendNotification', 'notification', ?, ?, ?, ?)`,
        [now, caller.userId, notificationId, `resendNotification:${notificationId}:${now.toISOString()}`, '{}', '{}'],
        'run',
      );
    });
    this.outbox.wake();
    return this.message(em, notificationId);
  }

  private async message(em: EntityManager, notificationId: number): Promise<OutboxMessageView> {
    const [row] = await em.execute<Record<string, unknown>[]>(
      `select ${MESSAGE_COLUMNS} from notification where id = ?`,
      [notificationId],
    );
    if (!row) throw new NotFoundError(RESEND_MESSAGES.notFound);
    return messageView(row);
  }

  async messages(
    em: EntityManager,
    user: CurrentUser | null,
    filter: { status: string | null; accountId: number | null; limit: number | null },
  ): Promise<OutboxMessageView[]> {
    staffOnly(user);
    const status = statusCode(filter.status);
    const rows = await em.execute<Record<string, unknown>[]>(
      `select ${MESSAGE_COLUMNS}
       from notification where (?::smallint is null or status = ?) and (?::int is null or account_id = ?)
       order by queued_at desc, id desc limit ?`,
      [status, status, filter.accountId, filter.accountId, limitOf(filter.limit)],
    );
    return rows.map(messageView);
  }

  async captured(em: EntityManager, user: CurrentUser | null, limit: number | null): Promise<CapturedMessageView[]> {
    staffOnly(user);
    const rows = await em.execute<Record<string, unknown>[]>(
      `select id, channel, received_at, sender, recipients, subject, body, notification_id
       from captured_message order by received_at desc, id desc limit ?`,
      [limitOf(limit)],
    );
    return rows.map((row) => ({
      capturedMessageId: Number(row.id),
      channel: NOTIFICATION_CHANNEL_LABELS[Number(row.channel) as NotificationChannel] ?? 'Unknown',
      receivedAt: instantOf(row.received_at as Date),
      sender: String(row.sender),
      recipients: String(row.recipients),
      subject: (row.subject as string | null) ?? null,
      body: String(row.body),
      notificationId: row.notification_id === null ? null : Number(row.notification_id),
    }));
  }
}
