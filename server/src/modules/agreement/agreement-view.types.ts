import { Field, Int, ObjectType } from 'type-graphql';
import type { LocalDate } from '../../shared/local-date.js';
import type { Cents } from '../../shared/money.js';
import { LocalDateScalar, MoneyScalar } from '../../graphql/scalars.js';
import { UserError } from '../../graphql/user-error.js';
import { BalancePoint } from '../planner/index.js';
import { AgreementSummary, CategoryAllocation, OverviewBiller } from './agreement-summary.types.js';
import { ForecastVerdict } from './projection/projection.types.js';

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

  @Field(() => [OverviewBiller], {
    description: 'The billers the member pays by hand (not paid automatically): what they approve to pay themselves.',
  })
  paidByHand!: OverviewBiller[];

  @Field(() => ForecastVerdict, {
    description: 'The projection’s forecast of the agreement: on track, or when and by how much it goes short.',
  })
  forecast!: ForecastVerdict;

  @Field(() => Int, {
    nullable: true,
    description:
      'The account’s current agreement version when it is not this one (this version was replaced, e.g. by a ' +
      'modification or a renewal taking effect): the page links to it. Null when this is the current version, ' +
      'or a change still on its way (agreement-view.rules.ts#replacedBy).',
  })
  currentVersionId!: number | null;
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

@ObjectType({ description: 'An account’s forecast verdict for its overview.' })
export class AccountForecast {
  @Field(() => Int)
  accountId!: number;

  @Field(() => ForecastVerdict, {
    nullable: true,
    description: 'Null without a current agreement.',
  })
  verdict!: ForecastVerdict | null;
}

@ObjectType({
  description:
    'The agreement’s balance from today to its end date: the projection’s forecast (today’s balance, the stored deposits to come, the unpaid bills).',
})
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

  @Field(() => [String], {
    description: 'The forecast in words: the lowest point, the first short day, the overdraw limit.',
  })
  summary!: string[];
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
