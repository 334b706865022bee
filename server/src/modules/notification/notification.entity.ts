import { Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { Account } from '../account/index.js';
import type { Agreement } from '../agreement/index.js';
import type { Member } from '../member/index.js';
import type { User } from '../user/index.js';
import {
  NotificationChannel,
  NotificationSourceType,
  NotificationStatus,
} from '../../shared/notification/notification-codes.js';
import { NotificationTemplate } from './notification-template.entity.js';

/**
 * A queued notification (spec 1 §3 manual notification request; 'Notification has been successfully queued and
 * will be sent shortly'): rendered e-mail and SMS, the recipient's contact details, and its delivery state.
 */
@Entity({ tableName: 'notification' })
@Index({ properties: ['status', 'queuedAt'] })
export class Notification {
  [OptionalProps]?: 'status' | 'queuedAt' | 'attempts' | 'channel';

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @Enum({ items: () => NotificationSourceType, type: 'smallint' })
  sourceType!: NotificationSourceType;

  /** NotificationName: usually the template's name. */
  @Property({ length: 80 })
  name!: string;

  @ManyToOne(() => NotificationTemplate, { nullable: true })
  @Index()
  template?: NotificationTemplate | null;

  @ManyToOne('Member', { nullable: true })
  @Index()
  member?: Member | null;

  @ManyToOne('Account', { nullable: true })
  @Index()
  account?: Account | null;

  @ManyToOne('Agreement', { nullable: true })
  @Index()
  agreement?: Agreement | null;

  /** E-mail rows carry recipientEmail, subject and body; SMS rows recipientMobile and smsBody. */
  @Enum({ items: () => NotificationChannel, type: 'smallint', default: NotificationChannel.Email })
  channel: NotificationChannel = NotificationChannel.Email;

  @Property({ length: 254, nullable: true })
  recipientEmail?: string | null;

  @Property({ length: 20, nullable: true })
  recipientMobile?: string | null;

  @Property({ length: 200, nullable: true })
  emailSubject?: string | null;

  @Property({ type: 'text', nullable: true })
  emailBody?: string | null;

  @Property({ length: 480, nullable: true })
  smsBody?: string | null;

  /** The free text of a support message or a manual note to the member. */
  @Property({ type: 'text', nullable: true })
  message?: string | null;

  @Enum({ items: () => NotificationStatus, type: 'smallint', default: NotificationStatus.Queued })
  status: NotificationStatus = NotificationStatus.Queued;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  queuedAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  sentAt?: Date | null;

  /** When a delivery job claimed it (status Sending): a claim older than the job's expiry was lost with its job. */
  @Property({ type: 'timestamptz', nullable: true })
  claimedAt?: Date | null;

  @Property({ type: 'smallint', default: 0 })
  attempts: number = 0;

  @Property({ type: 'text', nullable: true })
  lastError?: string | null;

  @ManyToOne('User', { nullable: true })
  @Index()
  createdBy?: User | null;
}
