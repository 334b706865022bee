import type { EntityManager } from '@mikro-orm/postgresql';
import { requireUser } from '../../common/auth/access.js';
import type { CurrentUser } from '../../common/auth/current-user.js';
import { isStaff } from '../../common/auth/roles.js';
import { DomainError, ForbiddenError } from '../../common/errors.js';
import { instantOf } from '../../database/row-values.js';
import {
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_STATUS_LABELS,
  NotificationChannel,
  NotificationSourceType,
  NotificationStatus,
} from './notification-codes.js';
import type { CapturedMessageView, OutboxMessageView } from './outbox.types.js';

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

/** What staff see of the outbox: each message's delivery status, and what the local capture caught. */
export class OutboxViewService {
  async messages(
    em: EntityManager,
    user: CurrentUser | null,
    filter: { status: string | null; accountId: number | null; limit: number | null },
  ): Promise<OutboxMessageView[]> {
    staffOnly(user);
    const status = statusCode(filter.status);
    const rows = await em.execute<Record<string, unknown>[]>(
      `select id, name, source_type, channel, recipient_email, recipient_mobile, email_subject, email_body, sms_body,
         status, attempts, last_error, queued_at, sent_at, account_id, member_id
       from notification where (?::smallint is null or status = ?) and (?::int is null or account_id = ?)
       order by queued_at desc, id desc limit ?`,
      [status, status, filter.accountId, filter.accountId, limitOf(filter.limit)],
    );
    return rows.map((row) => {
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
    });
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
