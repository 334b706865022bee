import { Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { Cents } from '../../shared/money.js';
import type { LocalDate } from '../../shared/local-date.js';
import { LocalDateType, MoneyType } from '../../database/types.js';
import { DepositStatus } from './agreement-codes.js';
import { Agreement } from './agreement.entity.js';
import { AgreementPlan } from './plan/agreement-plan.entity.js';

/**
 * One deposit of an agreement's schedule: what is expected on a date and what arrived. `receivedAmount` is
 * kept by the ledger (deposit transactions name their deposit) and checked against it. A missed one makes the
 * agreement status 4 and feeds the missed-deposit report.
 */
@Entity({ tableName: 'scheduled_deposit' })
@Unique({ properties: ['agreement', 'dueDate'] })
@Index({ properties: ['status', 'dueDate'] })
// An agreement's deposits of some statuses (the projection, per agreement) by one index whatever the planner's
// statistics say: with (agreement, due date) and (status, due date) only, a planner without statistics combined both
// and read every pending deposit once per agreement (issue 23 item 4).
@Index({ properties: ['agreement', 'status', 'dueDate'] })
// The deposits received on a day (the simulated bank's statement of the day: reconciliation).
@Index({ properties: ['receivedDate'] })
export class ScheduledDeposit {
  [OptionalProps]?: 'receivedAmount' | 'status';

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @ManyToOne(() => Agreement)
  agreement!: Agreement;

  @Property({ type: LocalDateType })
  dueDate!: LocalDate;

  @Property({ type: MoneyType })
  expectedAmount!: Cents;

  @Property({ type: MoneyType, defaultRaw: '0' })
  receivedAmount: Cents = 0 as Cents;

  @Property({ type: LocalDateType, nullable: true })
  receivedDate?: LocalDate | null;

  @Enum({ items: () => DepositStatus, type: 'smallint', default: DepositStatus.Scheduled })
  status: DepositStatus = DepositStatus.Scheduled;

  /** The agreed plan whose split this deposit is shared by when it arrives (plan/README.md). */
  @ManyToOne(() => AgreementPlan, { nullable: true })
  plan?: AgreementPlan | null;
}
