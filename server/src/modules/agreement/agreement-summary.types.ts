import { Field, Int, ObjectType } from 'type-graphql';
import type { LocalDate } from '../../shared/local-date.js';
import type { Cents } from '../../shared/money.js';
import { LocalDateScalar, MoneyScalar } from '../../graphql/scalars.js';
import { AgreementStatus } from './agreement-status.js';
import { BillStatus } from '../bill/index.js';

@ObjectType('AgreementBalances', { description: 'An agreement’s three balances, summed from its ledger.' })
export class AgreementBalancesView {
  @Field(() => MoneyScalar)
  allocation!: Cents;

  @Field(() => MoneyScalar)
  contingency!: Cents;

  @Field(() => MoneyScalar)
  rainyDay!: Cents;

  @Field(() => MoneyScalar, { description: 'allocation + contingency + rainy day.' })
  total!: Cents;
}

@ObjectType({ description: 'A biller on hold (status 5) after a failed payment: paying it is blocked.' })
export class BillerOnHold {
  @Field(() => Int)
  billerId!: number;

  @Field()
  billerName!: string;

  @Field(() => LocalDateScalar, { description: 'The failed bill’s date.' })
  date!: LocalDate;

  @Field({
    description:
      '"{biller} bill paid on the {date} has failed and has been placed on hold awaiting resolution" (DD-MM-YYYY).',
  })
  message!: string;
}

@ObjectType({ description: 'The contract summary (spec 1 §3).' })
export class AgreementSummary {
  @Field(() => Int)
  contractId!: number;

  @Field(() => AgreementStatus)
  status!: AgreementStatus;

  @Field({ description: '"Active", "Missed Deposit", "Locked", "Pending approval", ...' })
  statusName!: string;

  @Field({ description: 'How the standing reads at a glance: "ok", "warning", "danger" or "neutral".' })
  statusTone!: string;

  @Field(() => [BillerOnHold])
  billersOnHold!: BillerOnHold[];

  @Field(() => Int)
  contributionFrequency!: number;

  @Field()
  contributionFrequencyName!: string;

  @Field(() => MoneyScalar)
  depositAmount!: Cents;

  @Field(() => MoneyScalar, { nullable: true })
  nextDepositAmount?: Cents | null;

  @Field(() => LocalDateScalar, { nullable: true })
  nextDepositDate?: LocalDate | null;

  @Field(() => String, {
    nullable: true,
    description:
      'A deposit of 0.00 with none to come (a modification in the term’s last weeks): what to show instead of $0.00.',
  })
  depositWords?: string | null;

  @Field(() => Int, { description: 'Days.' })
  overdrawRuleDuration!: number;

  @Field()
  overrideOverdrawRule!: boolean;

  @Field(() => Int, { nullable: true, description: 'Days.' })
  overrideOverdrawRuleDuration?: number | null;

  @Field(() => LocalDateScalar)
  startDate!: LocalDate;

  @Field(() => LocalDateScalar)
  endDate!: LocalDate;

  @Field(() => AgreementBalancesView)
  balances!: AgreementBalancesView;

  /**
   * `termEndDue` (a field of term-end.resolver.ts) when the summary's own statement already read its facts (the
   * overview's: overview.queries.ts); undefined, and the field reads them itself, otherwise. Not a field.
   */
  termEndDueRead?: boolean;
}

@ObjectType({ description: 'What the agreement sets aside for one billing category (the overview’s donut).' })
export class CategoryAllocation {
  @Field(() => Int, { nullable: true })
  categoryId?: number | null;

  @Field()
  categoryName!: string;

  @Field(() => MoneyScalar)
  amount!: Cents;
}

@ObjectType({ description: 'One bill of a biller, as the overview’s biller tables show it.' })
export class OverviewBill {
  @Field(() => Int)
  billId!: number;

  @Field(() => LocalDateScalar)
  dueDate!: LocalDate;

  @Field(() => MoneyScalar)
  amount!: Cents;

  @Field(() => BillStatus, { description: 'The bill’s status on today (Overdue, Upcoming, Paid, …).' })
  status!: BillStatus;

  @Field()
  statusName!: string;

  @Field(() => MoneyScalar, { nullable: true })
  paidAmount?: Cents | null;

  @Field(() => LocalDateScalar, { nullable: true })
  paidDate?: LocalDate | null;
}

@ObjectType({ description: 'A biller (or billing sub-category) of the agreement with its bills.' })
export class OverviewBiller {
  @Field(() => Int, { description: 'The biller’s id, or the sub-category’s when isSubCategory.' })
  billerId!: number;

  @Field({ description: 'A billing sub-category (paid as an allocation, payment type Unknown), not a biller.' })
  isSubCategory!: boolean;

  @Field()
  nickname!: string;

  @Field()
  categoryName!: string;

  @Field({ description: 'BPAY, EFT, Cheque, Reimbursement, Direct Debit, Unknown ...' })
  paymentType!: string;

  @Field(() => Int)
  frequency!: number;

  @Field()
  frequencyName!: string;

  @Field(() => MoneyScalar, {
    description: 'What its next unpaid bill is expected to cost (else the biller’s estimate): the bills due’s amount.',
  })
  amount!: Cents;

  @Field()
  onHold!: boolean;

  @Field(() => LocalDateScalar, { nullable: true, description: 'The first unpaid bill’s due date.' })
  nextDueDate?: LocalDate | null;

  @Field(() => Int, {
    nullable: true,
    description:
      'The bill its Pay leads to: its first unpaid bill that is overdue or upcoming (spec 1 §9); none when nothing can be paid now.',
  })
  payBillId?: number | null;

  @Field(() => [OverviewBill], { description: 'This agreement’s bills of the biller, date ascending.' })
  bills!: OverviewBill[];
}
