import { Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { MoneyType } from '../../database/types.js';
import type { LocalDate } from '../../shared/local-date.js';
import type { Cents } from '../../shared/money.js';
import { HardshipRequestKind, HardshipStatus } from '../../shared/hardship/hardship.rules.js';
import type { Account } from '../account/index.js';
import type { Agreement } from '../agreement/index.js';
import type { Member } from '../member/index.js';
import type { User } from '../user/index.js';

/**
 * A member's request for help with payments (issue 24 item 4): what is going on in their words, what they asked
 * for, and what staff arranged (or that the case was closed), with who and when at each step. One open or arranged
 * case per account (the partial unique index); each step writes the activity history and the audit record.
 */
@Entity({ tableName: 'hardship_case' })
@Unique({
  name: 'hardship_case_one_active_per_account',
  expression:
    'create unique index "hardship_case_one_active_per_account" on "hardship_case" ("account_id") where "status" in (1, 2)',
})
export class HardshipCase {
  [OptionalProps]?: 'openedAt';

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @ManyToOne('Account')
  @Index()
  account!: Account;

  /** The member who asked. */
  @ManyToOne('Member')
  member!: Member;

  /** The agreement version in force when the case was opened. */
  @ManyToOne('Agreement')
  agreement!: Agreement;

  @Enum({ items: () => HardshipStatus, type: 'smallint' })
  status!: HardshipStatus;

  /** What is going on, in the member's words (HARDSHIP_SITUATION_MAX). */
  @Property({ type: 'text' })
  situation!: string;

  @Enum({ items: () => HardshipRequestKind, type: 'varchar', length: 20 })
  requestKind!: HardshipRequestKind;

  @Property({ type: 'date', nullable: true })
  requestFrom?: LocalDate | null;

  @Property({ type: 'date', nullable: true })
  requestUntil?: LocalDate | null;

  @Property({ type: MoneyType, nullable: true })
  requestAmount?: Cents | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  openedAt: Date = new Date();

  @ManyToOne('User')
  openedBy!: User;

  @Enum({ items: () => HardshipRequestKind, type: 'varchar', length: 20, nullable: true })
  arrangementKind?: HardshipRequestKind | null;

  @Property({ type: 'date', nullable: true })
  arrangementFrom?: LocalDate | null;

  @Property({ type: 'date', nullable: true })
  arrangementUntil?: LocalDate | null;

  @Property({ type: MoneyType, nullable: true })
  arrangementAmount?: Cents | null;

  /** Staff's note on the arrangement (HARDSHIP_NOTE_MAX). */
  @Property({ type: 'text', nullable: true })
  arrangementNote?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  arrangedAt?: Date | null;

  @ManyToOne('User', { nullable: true })
  arrangedBy?: User | null;

  /** Staff's note on closing it. */
  @Property({ type: 'text', nullable: true })
  closeNote?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  closedAt?: Date | null;

  @ManyToOne('User', { nullable: true })
  closedBy?: User | null;
}
