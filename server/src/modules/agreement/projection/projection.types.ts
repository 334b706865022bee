import { Field, Int, ObjectType } from 'type-graphql';
import type { LocalDate } from '../../../shared/local-date.js';
import type { Cents } from '../../../shared/money.js';
import { LocalDateScalar, MoneyScalar } from '../../../graphql/scalars.js';
import { BalancePoint } from '../../planner/index.js';
import { AgreementBalancesView } from '../agreement-summary.types.js';
import { BillStatus } from '../../bill/index.js';

@ObjectType('NextDeposit', {
  description: 'The next deposit of the stored schedule: today or later, never one in the past.',
})
export class NextDepositView {
  @Field(() => LocalDateScalar)
  date!: LocalDate;

  @Field(() => MoneyScalar, { description: 'What is still to come of it.' })
  amount!: Cents;
}

@ObjectType('Arrears', { description: 'What the missed and partly received deposits still lack.' })
export class ArrearsView {
  @Field(() => MoneyScalar)
  amount!: Cents;

  @Field(() => LocalDateScalar, { description: 'The due date of the earliest deposit still short.' })
  since!: LocalDate;

  @Field(() => Int)
  missedDeposits!: number;

  @Field(() => NextDepositView, {
    nullable: true,
    description:
      'The next deposit’s date and what, deposited then, clears the arrears (that deposit plus all that is owed). Null when no deposit is still to come.',
  })
  clearingDeposit!: NextDepositView | null;

  @Field(() => String, {
    nullable: true,
    description: 'The account a deposit towards the arrears is paid into (the agreement’s account number).',
  })
  payIntoAccount!: string | null;
}

@ObjectType('DueBill', { description: 'An unpaid bill overdue or due within 30 days (any payment kind).' })
export class DueBillView {
  @Field(() => Int, { description: 'The bill’s id (negative for a bill of an agreement not applied yet).' })
  billId!: number;

  @Field()
  billerName!: string;

  @Field(() => LocalDateScalar)
  dueDate!: LocalDate;

  @Field(() => MoneyScalar, { description: 'The bill’s expected amount.' })
  amount!: Cents;

  @Field(() => BillStatus, { description: 'The bill’s status today (Overdue, OverdueNotified, Upcoming, Failed, …).' })
  status!: BillStatus;

  @Field()
  overdue!: boolean;

  @Field({ description: 'The biller is on hold after a failed payment: the bill cannot be paid yet.' })
  onHold!: boolean;

  @Field({ description: 'Paid by the bank on its due date (an automatic biller).' })
  isAutoPayment!: boolean;

  @Field({ description: 'A billing sub-category’s allocation.' })
  isSubCategory!: boolean;

  @Field()
  isReimbursement!: boolean;
}

@ObjectType({
  description:
    'The forecast in one sentence (the home page, the graphs page, staff): on track to the end date, or the first day it goes short, the bill that takes it short and the smallest top-up today that avoids it.',
})
export class ForecastVerdict {
  @Field({ description: '"onTrack", "short", "suspended" (membership resigned) or "unknown" (no forecast).' })
  tone!: string;

  @Field({ description: 'The verdict in words: "On track", "Goes short by $X on DD-MM-YYYY", ...' })
  headline!: string;

  @Field(() => [String], { description: 'What it means and what avoids it, one sentence each.' })
  details!: string[];

  @Field({ description: 'Never below zero from today to the end date.' })
  onTrack!: boolean;

  @Field(() => LocalDateScalar, { nullable: true, description: 'The last day forecast (the end date).' })
  until!: LocalDate | null;

  @Field(() => LocalDateScalar, { nullable: true, description: 'The first day that closes below zero.' })
  firstShortDate!: LocalDate | null;

  @Field(() => MoneyScalar, { nullable: true, description: 'How far below zero that first short day closes.' })
  firstShortfall!: Cents | null;

  @Field(() => DueBillView, { nullable: true, description: 'The bill whose payment first takes it below zero.' })
  shortBill!: DueBillView | null;

  @Field(() => BalancePoint, { nullable: true, description: 'The lowest closing balance, when it goes short.' })
  lowestPoint!: BalancePoint | null;

  @Field(() => MoneyScalar, {
    nullable: true,
    description: 'The smallest top-up today that keeps every day at zero or above.',
  })
  topUpToAvoid!: Cents | null;

  @Field(() => MoneyScalar, {
    nullable: true,
    description: 'The deposit that never goes short, when raising the deposit can avoid it.',
  })
  depositToAvoid!: Cents | null;

  @Field({ description: 'The lowest point is beyond the approved overdraw.' })
  beyondApprovedOverdraw!: boolean;
}

@ObjectType('AgreementProjection', {
  description:
    'The agreement as of today, computed once on the server (every screen, report and REST answer reads these figures).',
})
export class AgreementProjectionView {
  @Field(() => Int)
  agreementId!: number;

  @Field(() => LocalDateScalar, { description: 'The institution’s today the figures are for.' })
  asOf!: LocalDate;

  @Field(() => AgreementBalancesView, { description: 'The ledger’s balances.' })
  balances!: AgreementBalancesView;

  @Field(() => NextDepositView, { nullable: true })
  nextDeposit!: NextDepositView | null;

  @Field(() => String, {
    nullable: true,
    description: 'Without a next deposit, why (no more needed, none before the end date, none scheduled); else null.',
  })
  noNextDeposit!: string | null;

  @Field(() => ArrearsView, { nullable: true, description: 'Null when no deposit is short.' })
  arrears!: ArrearsView | null;

  @Field(() => [DueBillView], { description: 'Unpaid bills overdue or due within 30 days, due date ascending.' })
  billsDue!: DueBillView[];

  @Field(() => ForecastVerdict)
  verdict!: ForecastVerdict;

  @Field({ description: 'Bills of this agreement can be paid now (status 7; in 4 staff with a manager’s approval).' })
  billsPayable!: boolean;
}
