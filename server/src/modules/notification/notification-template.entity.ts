import { Entity, Enum, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { NotificationEvent } from '../../shared/notification/notification-codes.js';

/**
 * A message template (spec 1 §3, 3 §3): templateName, title, e-mail and SMS bodies with `{placeholders}`.
 * Manual ones are offered by the contact-member modal; others serve an event or the approval request.
 */
@Entity({ tableName: 'notification_template' })
export class NotificationTemplate {
  [OptionalProps]?: 'isManual' | 'isActive';

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @Property({ length: 80 })
  @Unique()
  templateName!: string;

  @Property({ length: 120 })
  title!: string;

  @Property({ length: 200 })
  emailSubject!: string;

  @Property({ type: 'text' })
  emailTemplate!: string;

  @Property({ length: 480 })
  smsTemplate!: string;

  @Property({ type: 'boolean', default: false })
  isManual: boolean = false;

  /** The subscribed event this template is sent for, if any. */
  @Enum({ items: () => NotificationEvent, type: 'smallint', nullable: true })
  event?: NotificationEvent | null;

  @Property({ type: 'boolean', default: true })
  isActive: boolean = true;
}
