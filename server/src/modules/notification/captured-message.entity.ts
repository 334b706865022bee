import { Entity, Enum, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { NotificationChannel } from '../../shared/notification/notification-codes.js';

/**
 * A message caught by the local capture instead of leaving the building: e-mails received by the app's own SMTP
 * server (when SMTP_URL is unset) and SMS taken by the capturing SMS provider. Staff read them on a page.
 */
@Entity({ tableName: 'captured_message' })
export class CapturedMessage {
  [OptionalProps]?: 'receivedAt';

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @Enum({ items: () => NotificationChannel, type: 'smallint' })
  channel!: NotificationChannel;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  @Index()
  receivedAt: Date = new Date();

  @Property({ length: 254 })
  sender!: string;

  /** Addresses or mobile numbers, comma-separated. */
  @Property({ type: 'text' })
  recipients!: string;

  @Property({ length: 300, nullable: true })
  subject?: string | null;

  @Property({ type: 'text' })
  body!: string;

  /** An e-mail's HTML part, when it had one. */
  @Property({ type: 'text', nullable: true })
  html?: string | null;

  /** The outbox row it came from (the X-Notification-Id header of an e-mail), when known. */
  @Property({ type: 'integer', nullable: true })
  @Index()
  notificationId?: number | null;
}
