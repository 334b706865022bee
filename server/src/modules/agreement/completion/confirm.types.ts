import { Field, Int, ObjectType } from 'type-graphql';
import type { Cents } from '../../../shared/money.js';
import type { LocalDate } from '../../../shared/local-date.js';
import { LocalDateScalar, MoneyScalar } from '../../../graphql/scalars.js';
// BillerStatus and ModificationState come registered as GraphQL enums of the same names (biller/biller-status.ts).
import { BillerStatus, ModificationState } from '../../../shared/biller/biller-codes.js';

@ObjectType({ description: 'A biller (type 0) or sub-category (type 1) row of the confirm page (spec 3 §3).' })
export class ConfirmItemView {
  @Field(() => Int) id!: number;
  @Field(() => Int) type!: 0 | 1;
  @Field() nickname!: string;
  @Field() isAutoPaymentBill!: boolean;
  @Field(() => Int) billingFrequency!: number;
  @Field({ description: 'The billing frequency’s label (per month, per quarter…).' }) frequencyLabel!: string;
  @Field(() => MoneyScalar) expenseAmount!: Cents;
  @Field(() => LocalDateScalar) dateCommencing!: LocalDate;
  @Field(() => ModificationState) modificationStatus!: ModificationState;
  @Field(() => String, { nullable: true, description: 'Added, Edited, Deleted or Enabled.' }) highlight!: string | null;
  @Field(() => BillerStatus) status!: BillerStatus;
  @Field() isFinalBillExpected!: boolean;
  @Field(() => LocalDateScalar, { nullable: true }) expectedFinalBillDate!: LocalDate | null;
  @Field(() => String, {
    nullable: true,
    description: 'BPAY, EFT, Cheque, Reimbursement or Direct Debit (none for a sub-category).',
  })
  paymentType!: string | null;
  @Field(() => String, { nullable: true, description: 'The BPAY biller code.' }) bpayNumber!: string | null;
  @Field(() => String, { nullable: true, description: 'The BPAY customer reference, masked.' })
  customerReferenceNumber!: string | null;
  @Field(() => String, { nullable: true }) bsbNumber!: string | null;
  @Field(() => String, { nullable: true }) eftAccountNumber!: string | null;
  @Field(() => String, { nullable: true }) eftAccountName!: string | null;
  @Field(() => String, { nullable: true }) directDebitAccountNumber!: string | null;
  @Field(() => Int, { nullable: true, description: 'The bills in the agreement period (totalOccurrences).' })
  totalOccurrences!: number | null;
  @Field(() => Int, { nullable: true, description: 'Which of them is next from today (upcommingOccurrenceNumber).' })
  upcomingOccurrenceNumber!: number | null;
  @Field(() => LocalDateScalar, { nullable: true, description: 'A removed item: the next bill date it had.' })
  oldNextDate!: LocalDate | null;
}

@ObjectType({ description: 'A removed item’s final bill, shown as its own line.' })
export class FinalBillLineView {
  @Field(() => Int) id!: number;
  @Field(() => Int) type!: number;
  @Field() nickname!: string;
  @Field(() => LocalDateScalar) date!: LocalDate;
  @Field() label!: string;
}

@ObjectType({ description: 'The contract summary of the confirm page.' })
export class ConfirmSummaryView {
  @Field(() => Int) contributionFrequency!: number;
  @Field() frequencyLabel!: string;
  @Field(() => MoneyScalar) depositAmount!: Cents;
  @Field(() => MoneyScalar, { nullable: true }) nextDepositAmount!: Cents | null;
  @Field(() => LocalDateScalar) startDate!: LocalDate;
  @Field(() => LocalDateScalar, { nullable: true, description: 'Setup: the first deposit; modify: the next one.' })
  firstDepositDate!: LocalDate | null;
  @Field(() => LocalDateScalar) endDate!: LocalDate;
  @Field({ description: 'One sentence: how often, how much, from when until when.' }) scheduleSummary!: string;
  @Field(() => MoneyScalar, { nullable: true, description: 'The agreement fee per deposit; null when none applies.' })
  fee!: Cents | null;
}

@ObjectType()
export class ConfirmLockView {
  @Field() code!: string;
  @Field() message!: string;
}

@ObjectType({ description: 'The confirm page (Create step 7, Modify step 6).' })
export class AgreementConfirmView {
  @Field(() => Int) contractId!: number;
  @Field() isSetup!: boolean;
  @Field() accountNumber!: string;
  @Field(() => [String], { description: 'The account’s members, as named on the agreement.' }) memberNames!: string[];
  @Field(() => [ConfirmItemView]) automatic!: ConfirmItemView[];
  @Field(() => [ConfirmItemView]) manual!: ConfirmItemView[];
  @Field(() => [ConfirmItemView]) outsidePeriod!: ConfirmItemView[];
  @Field(() => [FinalBillLineView]) finalBills!: FinalBillLineView[];
  @Field(() => ConfirmSummaryView) summary!: ConfirmSummaryView;
  @Field(() => [String], { description: 'AgreementTsAndCsConfirmations: every one must be ticked.' })
  confirmations!: string[];
  @Field(() => ConfirmLockView, { nullable: true, description: 'The read-only lock: no print, no confirm.' })
  lock!: ConfirmLockView | null;
}
