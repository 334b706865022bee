import { Field, ObjectType } from 'type-graphql';
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
