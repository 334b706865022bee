import { Field, Int, ObjectType } from 'type-graphql';
import type { LocalDate } from '../../common/local-date.js';
import type { Cents } from '../../common/money.js';
import { LocalDateScalar, MoneyScalar } from '../../graphql/scalars.js';
import { UserError } from '../../graphql/user-error.js';
import { BalancePoint } from '../planner/deposit-forecast.types.js';
import { AgreementSummary, CategoryAllocation, OverviewBiller } from './agreement-summary.types.js';

@ObjectType({ description: 'An agreement, read-only (the view-agreement page; the member approves it from here).' })
export class AgreementView {
  @Field(() => AgreementSummary)
  summary!: AgreementSummary;

  @Field(() => [OverviewBiller])
  billers!: OverviewBiller[];

  @Field(() => [LocalDateScalar], { description: 'The next 12 deposit dates.' })
  depositDates!: LocalDate[];

  @Field({ description: 'True for a member of the account while the status is 0 or 9.' })
  canApprove!: boolean;
}

@ObjectType({ description: 'The member’s approval: ok, or the reasons it was refused (nothing changed then).' })
export class ApproveAgreementResult {
  @Field()
  ok!: boolean;

  @Field(() => [UserError])
  errors!: UserError[];

  @Field(() => AgreementSummary, { nullable: true })
  agreement?: AgreementSummary | null;
}

@ObjectType({ description: 'Deposits in and bills out in one month, from the ledger.' })
export class MonthlyFlow {
  @Field({ description: 'YYYY-MM.' })
  month!: string;

  @Field(() => MoneyScalar)
  deposits!: Cents;

  @Field(() => MoneyScalar)
  bills!: Cents;
}

@ObjectType({
  description:
    'The forecast in one sentence (the home page and the graphs page): on track to the end date, or the first day it goes short and the smallest top-up today that avoids it.',
})
export class ForecastVerdict {
  @Field({ description: 'Never below zero from today to the end date.' })
  onTrack!: boolean;

  @Field(() => LocalDateScalar, { nullable: true, description: 'The last day forecast (the end date).' })
  until!: LocalDate | null;

  @Field(() => LocalDateScalar, { nullable: true, description: 'The first day that closes below zero.' })
  firstShortDate!: LocalDate | null;

  @Field(() => MoneyScalar, { nullable: true, description: 'How far below zero that first short day closes.' })
  firstShortfall!: Cents | null;

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

@ObjectType({ description: 'An account’s forecast verdict for its overview.' })
export class AccountForecast {
  @Field(() => Int)
  accountId!: number;

  @Field(() => ForecastVerdict, {
    nullable: true,
    description: 'Null without a current agreement, or when its stored data cannot be forecast.',
  })
  verdict!: ForecastVerdict | null;
}

@ObjectType({ description: 'The stored agreement’s balance from today to its end date (the deposit engine).' })
export class AgreementForecast {
  @Field(() => [BalancePoint], { description: 'One per day (or per `step` days, always with the last day).' })
  points!: BalancePoint[];

  @Field(() => BalancePoint, { nullable: true })
  lowestPoint?: BalancePoint | null;

  @Field(() => LocalDateScalar, { nullable: true })
  firstDateBelowZero?: LocalDate | null;

  @Field(() => LocalDateScalar, { nullable: true })
  firstDateBelowOverdrawLimit?: LocalDate | null;

  @Field(() => MoneyScalar)
  overdrawLimit!: Cents;

  @Field(() => ForecastVerdict)
  verdict!: ForecastVerdict;
}

@ObjectType({ description: 'The graphs page.' })
export class AgreementGraphs {
  @Field(() => [CategoryAllocation])
  allocationByCategory!: CategoryAllocation[];

  @Field(() => AgreementForecast)
  forecast!: AgreementForecast;

  @Field(() => [MonthlyFlow])
  history!: MonthlyFlow[];
}
