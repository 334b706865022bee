import { Entity, Enum, Index, ManyToOne, PrimaryKey, Unique } from '@mikro-orm/core';
import type { Agreement } from '../agreement/index.js';
import type { Member } from '../member/index.js';
import { NotificationPreference } from '../../shared/notification/notification-codes.js';

/**
 * How one member of an agreement's account wants to be told (spec 3 §3): Email, Sms or None. The member's
 * names, e-mail, mobile and branch come from the member record.
 */
@Entity({ tableName: 'member_notification_preference' })
@Unique({ properties: ['agreement', 'member'] })
export class MemberNotificationPreference {
  @PrimaryKey({ autoincrement: true })
  id!: number;

  @ManyToOne('Agreement')
  agreement!: Agreement;

  @ManyToOne('Member')
  @Index()
  member!: Member;

  @Enum({ items: () => NotificationPreference, type: 'smallint' })
  notificationPreference!: NotificationPreference;
}
