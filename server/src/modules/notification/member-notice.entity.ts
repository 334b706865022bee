import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { Agreement } from '../agreement/index.js';
import { MemberNoticeStatus } from '../../shared/notification/notification-codes.js';

// MemberNoticeStatus is a shared code (shared/notification/notification-codes.ts).
export { MemberNoticeStatus };

/**
 * One event a member is told of (a bill due, a deposit missed, an agreement changed …), written by `notifyEvent` in
 * the event's own transaction. Its kind and key are unique, so the event is told once however often (or on however
 * many instances) the code that found it runs; its job composes the messages from the templates and queues them.
 */
@Entity({ tableName: 'member_notice' })
@Unique({ properties: ['kind', 'noticeKey'] })
@Index({ properties: ['status', 'createdAt'] })
export class MemberNotice {
  [OptionalProps]?: 'facts' | 'status' | 'createdAt';

  @PrimaryKey({ autoincrement: true })
  id!: number;

  /** EventKind (events.rules.ts). */
  @Property({ length: 40 })
  kind!: string;

  /** What makes it this event and no other (`bill:12:2027-03-04`, `deposit:88`, …). */
  @Property({ length: 160 })
  noticeKey!: string;

  @ManyToOne('Agreement')
  @Index()
  agreement!: Agreement;

  /** What the event tells the message (amount in cents, date, biller, change), as JSON. */
  @Property({ type: 'json', defaultRaw: `'{}'` })
  facts: Record<string, unknown> = {};

  @Property({ type: 'smallint', default: MemberNoticeStatus.Waiting })
  status: MemberNoticeStatus = MemberNoticeStatus.Waiting;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  doneAt?: Date | null;

  /** Why it could not be composed (Failed). */
  @Property({ type: 'text', nullable: true })
  error?: string | null;
}
