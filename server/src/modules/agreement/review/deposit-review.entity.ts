import { Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { LocalDate } from '../../../shared/local-date.js';
import type { Cents } from '../../../shared/money.js';
import { LocalDateType, MoneyType } from '../../../database/types.js';
import type { Account } from '../../account/index.js';
import type { User } from '../../user/index.js';
import { Agreement } from '../agreement.entity.js';
import { DepositReviewStatus } from './review-codes.js';

/**
 * A deposit review recorded by the scheduled review (issue 24 item 2; review/README.md): the version reviewed, the
 * deposit proposed and why, and what became of it. At most one open (pending or referred) per agreement version
 * (a partial unique index); a later review or a new version supersedes it.
 */
@Entity({ tableName: 'deposit_review' })
@Index({
  name: 'deposit_review_one_open',
  expression: `create unique index "deposit_review_one_open" on "deposit_review" ("agreement_id") where "status" in (0, 2)`,
})
// The open reviews of the accounts whose figures a transaction changed (review-rework.ts), before it commits.
@Index({
  name: 'deposit_review_open_account_index',
  expression: `create index "deposit_review_open_account_index" on "deposit_review" ("account_id") where "status" in (0, 2)`,
})
export class DepositReviewRecord {
  [OptionalProps]?: 'createdAt' | 'status' | 'topUpFirst';

  @PrimaryKey({ autoincrement: true })
  id!: number;

  /** The version reviewed. */
  @ManyToOne(() => Agreement, { deleteRule: 'cascade' })
  @Index()
  agreement!: Agreement;

  @ManyToOne('Account')
  account!: Account;

  @Property({ type: LocalDateType })
  reviewedOn!: LocalDate;

  /** 1 the calendar, 2 a deficit, 3 a surplus at term end (REVIEW_REASON_CODES). */
  @Property({ type: 'smallint' })
  reason!: number;

  @Property({ type: MoneyType })
  currentDeposit!: Cents;

  @Property({ type: MoneyType, nullable: true })
  proposedDeposit?: Cents | null;

  @Property({ type: MoneyType, defaultRaw: '0' })
  topUpFirst: Cents = 0 as Cents;

  @Property({ length: 500 })
  summary!: string;

  /** The explanation's lines: `{ billerKey, perDeposit, words }[]`, as proposed. */
  @Property({ type: 'jsonb' })
  reasons!: unknown[];

  @Enum({ items: () => DepositReviewStatus, type: 'smallint', default: DepositReviewStatus.Pending })
  status: DepositReviewStatus = DepositReviewStatus.Pending;

  /** When the member asked staff to look at it (status referred). */
  @Property({ type: 'timestamptz', nullable: true })
  referredAt?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  decidedAt?: Date | null;

  @ManyToOne('User', { nullable: true })
  decidedBy?: User | null;

  /** Accepted: the modification made (its version). */
  @ManyToOne(() => Agreement, { nullable: true, deleteRule: 'set null' })
  changeAgreement?: Agreement | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
