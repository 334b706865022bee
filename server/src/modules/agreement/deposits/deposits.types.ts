import { Field, Float, InputType, Int, ObjectType } from 'type-graphql';
import type { LocalDate } from '../../../shared/local-date.js';
import type { Cents } from '../../../shared/money.js';
import { LocalDateScalar, MoneyScalar } from '../../../graphql/scalars.js';
import { UserError } from '../../../graphql/user-error.js';
import { DepositPlan } from '../../planner/index.js';

/** The deposits step as the wizard sends it (spec 3 §3 deposits view model), whole. */
@InputType({ description: 'The deposits step (spec 3 §3), the whole draft: an absent field is not chosen.' })
export class DepositsInput {
  @Field(() => Int, {
    nullable: true,
    description: '1 weekly, 2 fortnightly, 3 monthly, 5 quarterly, 7 annually, 10 twice a month.',
  })
  contributionFrequency?: number | null;

  @Field(() => MoneyScalar, { nullable: true, description: 'The deposit; the required one when absent.' })
  contributionAmount?: Cents | null;

  @Field(() => LocalDateScalar, {
    nullable: true,
    description: 'Setup: the start date; modify: the next deposit date.',
  })
  contributionDate?: LocalDate | null;

  @Field(() => LocalDateScalar, { nullable: true })
  biMonthly1stDate?: LocalDate | null;

  @Field(() => LocalDateScalar, { nullable: true })
  biMonthly2ndDate?: LocalDate | null;

  @Field(() => Int, { nullable: true, description: 'Which bi-monthly date the deposits start on (1 or 2).' })
  selectedContributionDate?: number | null;

  @Field(() => Int, { nullable: true, description: '1 payroll deduction, 2 periodical payment.' })
  depositType?: number | null;

  @Field(() => String, { nullable: true })
  remitterName?: string | null;

  @Field(() => String, { nullable: true })
  remitterNumber?: string | null;

  @Field(() => Int, { nullable: true, description: 'The linked savings account a periodical payment comes from.' })
  periodicalPaymentAccount?: number | null;

  @Field(() => Boolean, { nullable: true, description: 'TopupNow chosen.' })
  isTopupPerformed?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'RemoveBill chosen.' })
  isRemoveBillPerformed?: boolean | null;

  @Field(() => Int, { nullable: true, description: 'The linked savings account the top-up is paid from.' })
  topupAccount?: number | null;
}

@ObjectType({ description: 'The deposit each frequency needs (spec 3 §3 depositOptions).' })
export class DepositOptionAmounts {
  @Field(() => MoneyScalar, { nullable: true }) weekly!: Cents | null;
  @Field(() => MoneyScalar, { nullable: true }) fortnightly!: Cents | null;
  @Field(() => MoneyScalar, { nullable: true }) monthly!: Cents | null;
  @Field(() => MoneyScalar, { nullable: true }) quarterly!: Cents | null;
  @Field(() => MoneyScalar, { nullable: true }) annually!: Cents | null;
  @Field(() => MoneyScalar, { nullable: true }) biMonthly!: Cents | null;
}

@ObjectType({ description: 'One contribution option card: a frequency and the deposit it needs.' })
export class DepositOption {
  @Field(() => Int)
  frequency!: number;

  @Field()
  label!: string;

  @Field(() => MoneyScalar, { nullable: true, description: 'The required deposit; null when it cannot be computed.' })
  depositAmount!: Cents | null;

  @Field(() => Int)
  depositCount!: number;

  @Field()
  selected!: boolean;

  @Field(() => String, { nullable: true, description: 'Why there is no deposit for this frequency.' })
  message!: string | null;
}

@ObjectType({ description: 'Next transaction occurrence (spec 3 §3).' })
export class TransactionOccurrence {
  @Field(() => LocalDateScalar) nextDate!: LocalDate;
}

@ObjectType({ description: 'Incorrect occurrence (spec 3 §3): billingSource 4 sub-category, 5 biller.' })
export class IncorrectOccurrence {
  @Field(() => Int) billingSourceId!: number;
  @Field(() => Int) billingSource!: number;
  @Field(() => LocalDateScalar) nextDate!: LocalDate;
}

@ObjectType({ description: 'The deposits view model (spec 3 §3).' })
export class DepositsView {
  @Field(() => Int) contractId!: number;
  @Field({ description: 'Setup (a new agreement) or modify (a running one).' }) isSetup!: boolean;
  @Field(() => Int, { nullable: true }) contributionFrequency!: number | null;
  @Field(() => MoneyScalar, { nullable: true }) contributionAmount!: Cents | null;
  @Field(() => LocalDateScalar, { nullable: true }) contributionDate!: LocalDate | null;
  @Field(() => LocalDateScalar, { nullable: true, description: 'Modify: the next deposit date in force.' })
  oldContributionDate!: LocalDate | null;
  @Field(() => LocalDateScalar, { nullable: true }) biMonthly1stDate!: LocalDate | null;
  @Field(() => LocalDateScalar, { nullable: true }) biMonthly2ndDate!: LocalDate | null;
  @Field(() => Int, { nullable: true }) selectedContributionDate!: number | null;
  @Field(() => LocalDateScalar) startDate!: LocalDate;
  @Field(() => LocalDateScalar) endDate!: LocalDate;
  @Field(() => LocalDateScalar, { description: 'The first contribution date allowed.' }) dateRangeFrom!: LocalDate;
  @Field(() => LocalDateScalar, { description: 'The last contribution date allowed.' }) dateRangeTo!: LocalDate;
  @Field(() => Int, { nullable: true }) depositType!: number | null;
  @Field(() => String, { nullable: true }) remitterName!: string | null;
  @Field(() => String, { nullable: true }) remitterNumber!: string | null;
  @Field(() => Int, { nullable: true }) periodicalPaymentAccount!: number | null;
  @Field(() => DepositOptionAmounts) depositOptions!: DepositOptionAmounts;
  @Field() overrideOverdrawRule!: boolean;
  @Field(() => MoneyScalar) topupAmount!: Cents;
  @Field(() => Int, { nullable: true }) topupAccount!: number | null;
  @Field(() => Int, { nullable: true }) topupMember!: number | null;
  @Field() isTopupPerformed!: boolean;
  @Field({ description: 'No top-up is needed (nothing overdrawn within the initial duration).' })
  isTopupDisabled!: boolean;
  @Field() isRemoveBillPerformed!: boolean;
  @Field(() => MoneyScalar) totalOverDrawOfAmount!: Cents;
  @Field() isDepositScheduleCoveringExpenses!: boolean;
  @Field(() => String, { nullable: true }) notCoveringExpensesError!: string | null;
  @Field() allowPaymentTodayBypass!: boolean;
  @Field(() => MoneyScalar, {
    nullable: true,
    description: 'The agreement fee per deposit (server setting); null: none.',
  })
  fee!: Cents | null;
  @Field({ description: 'The fee display: "No fee applies." or the fee per deposit.' }) feeDisplay!: string;
  @Field(() => [TransactionOccurrence], {
    description: 'The chosen schedule’s deposits (next transaction occurrences).',
  })
  transactionOccurrences!: TransactionOccurrence[];
  @Field(() => [IncorrectOccurrence], {
    description: 'Bills of the billers and sub-categories due before the schedule’s first deposit.',
  })
  incorrectTransactionOccurrences!: IncorrectOccurrence[];
}

@ObjectType({ description: 'A top-up account and its available balance.' })
export class TopupAccountView {
  @Field() accountNumber!: string;
  @Field(() => MoneyScalar) availableBalance!: Cents;
}

@ObjectType({ description: 'Payment details (spec 3 §3): the three overdraw checks and the approvals they call for.' })
export class PaymentDetails {
  @Field({ description: 'Check 2: the lowest point is deeper than the approved overdraw (approval type 1).' })
  hasOverDrawOfAmount!: boolean;

  @Field({ description: 'Check 3: the total value exceeds the upper contract limit (approval type 2).' })
  isUpperLimitReached!: boolean;

  @Field({ description: 'Check 1: below zero within the initial duration (warning, TopupNow or RemoveBill).' })
  hasOverDrawDuration!: boolean;

  @Field(() => Float, { description: 'The initial overdraw duration in weeks (stored in days).' })
  overrideOverdrawRuleDuration!: number;

  @Field(() => MoneyScalar, { description: 'The deepest shortfall within the initial duration.' })
  totalOverDrawDurationAmount!: Cents;

  @Field(() => MoneyScalar, { description: 'How far the lowest point is below zero.' })
  totalOverDrawOfAmount!: Cents;

  @Field(() => MoneyScalar, { description: 'The top-up TopupNow pays (the initial-duration shortfall).' })
  contractTopupAmount!: Cents;

  @Field(() => MoneyScalar) upperContractLimit!: Cents;
  @Field(() => MoneyScalar) approvedOverDrawOfAmount!: Cents;
  @Field() showDepositPaymentOptions!: boolean;
  @Field(() => MoneyScalar) totalContractValue!: Cents;

  @Field(() => TopupAccountView, { nullable: true, description: 'The chosen top-up account, else the default one.' })
  topupAccount!: TopupAccountView | null;

  @Field(() => [Int], { description: 'Approvals needed: 1 deposit overdraw, 2 contract upper limit.' })
  approvalsNeeded!: number[];

  @Field(() => String, {
    nullable: true,
    description: "'The Agreement may be overdrawn within its initial {n} week period.'",
  })
  overdrawWarning!: string | null;

  @Field({
    description:
      'The overdraw rule in the institution’s words: server setting overdrawnRuleSingleMemberText for an account of one member, overdrawnRuleManyMembersText for more.',
  })
  overdrawRuleText!: string;
}

@ObjectType({ description: 'A savings account of the account’s members (periodical payment, top-up).' })
export class DepositAccount {
  @Field(() => Int) id!: number;
  @Field(() => Int) memberId!: number;
  @Field() accountNumber!: string;
  @Field(() => String, { nullable: true }) nickname!: string | null;
  @Field(() => MoneyScalar) availableBalance!: Cents;
}

@ObjectType({ description: 'The deposits step of an agreement open in the wizard.' })
export class DepositsStep {
  @Field(() => DepositsView) deposits!: DepositsView;
  @Field(() => [DepositOption]) options!: DepositOption[];
  @Field(() => PaymentDetails, { nullable: true, description: 'Null when the deposit cannot be computed yet.' })
  paymentDetails!: PaymentDetails | null;

  @Field(() => DepositPlan, {
    nullable: true,
    description: 'The chosen option explained: breakdown, forecast, smallest deposit that never goes short.',
  })
  plan!: DepositPlan | null;

  @Field(() => UserError, { nullable: true, description: 'Why the chosen option cannot be computed (a date, ...).' })
  planError!: UserError | null;

  @Field(() => String, {
    nullable: true,
    description: 'A modification needing no more deposits (0.00: the balance covers the rest of the term): why.',
  })
  note!: string | null;

  @Field(() => [DepositAccount]) accounts!: DepositAccount[];
}

@ObjectType()
export class DepositsStepResult {
  @Field(() => DepositsStep, { nullable: true }) step!: DepositsStep | null;
  @Field(() => [UserError]) errors!: UserError[];
}
