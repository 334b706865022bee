import { Field, Int, ObjectType } from 'type-graphql';
import type { Cents } from '../../../common/money.js';
import type { LocalDate } from '../../../common/local-date.js';
import { LocalDateScalar, MoneyScalar } from '../../../graphql/scalars.js';

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
  @Field(() => Int, { description: '0 none, 1 new, 2 edit, 3 removed, 4 enable.' }) modificationStatus!: number;
  @Field(() => String, { nullable: true, description: 'Added, Edited, Deleted or Enabled.' }) highlight!: string | null;
  @Field(() => Int) status!: number;
  @Field() isFinalBillExpected!: boolean;
  @Field(() => LocalDateScalar, { nullable: true }) expectedFinalBillDate!: LocalDate | null;
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
