import { Arg, Field, Int, ObjectType } from 'type-graphql';
import type { LocalDate } from '../../shared/local-date.js';
import type { Cents } from '../../shared/money.js';
import { LocalDateScalar, MoneyScalar } from '../../graphql/scalars.js';
import { PlannerInputError } from './planner.errors.js';

@ObjectType({ description: 'The agreement’s closing balance on a day.' })
export class BalancePoint {
  @Field(() => LocalDateScalar)
  date!: LocalDate;

  @Field(() => MoneyScalar)
  balance!: Cents;
}

@ObjectType({ description: 'The overdraw rule and the approvals it calls for (type 1 overdraw, type 2 upper limit).' })
export class OverdrawAssessment {
  @Field(() => BalancePoint, { description: 'The lowest closing balance of the period (earliest day on ties).' })
  lowestPoint!: BalancePoint;

  @Field(() => MoneyScalar, {
    description: 'How far the lowest point is below zero (totalOverDrawOfAmount); 0 if never.',
  })
  overdrawAmount!: Cents;

  @Field(() => LocalDateScalar, { nullable: true, description: 'Last day of the initial duration; null for 0 days.' })
  initialDurationEnd!: LocalDate | null;

  @Field({ description: 'The lowest point is an overdraw that falls within the initial duration (reported only).' })
  lowestPointWithinInitialDuration!: boolean;

  @Field(() => BalancePoint, {
    nullable: true,
    description: 'The lowest point among the days of the initial duration.',
  })
  initialDurationLowestPoint!: BalancePoint | null;

  @Field(() => MoneyScalar, {
    description: 'The deepest shortfall within the initial duration (totalOverDrawDurationAmount); 0 if none.',
  })
  initialDurationOverdrawAmount!: Cents;

  @Field({
    description:
      'Check 1 (hasOverDrawDuration): below zero on any day of the initial duration: the warning, TopupNow or RemoveBill.',
  })
  overdrawnWithinInitialDuration!: boolean;

  @Field(() => MoneyScalar, { description: 'The TopupNow amount that clears check 1 (0 when clear).' })
  topUpNeeded!: Cents;

  @Field(() => MoneyScalar)
  approvedOverdraw!: Cents;

  @Field({
    description:
      'Check 2 (hasOverDrawOfAmount): the lowest point, wherever it falls, is deeper than the approved overdraw.',
  })
  beyondApprovedOverdraw!: boolean;

  @Field({ description: 'Check 2 applies: a manager’s approval of type 1 is needed.' })
  overdrawApprovalNeeded!: boolean;

  @Field(() => MoneyScalar)
  totalContractValue!: Cents;

  @Field(() => MoneyScalar)
  upperContractLimit!: Cents;

  @Field({ description: 'Check 3 (isUpperLimitReached): the total value exceeds the upper limit: approval type 2.' })
  upperLimitApprovalNeeded!: boolean;

  @Field(() => [Int], { description: 'Approval types needed: 1 deposit overdraw, 2 contract upper limit.' })
  approvalsNeeded!: number[];

  @Field(() => String, { nullable: true, description: 'Check 1’s warning (spec 3 §8); null when clear.' })
  warning!: string | null;
}

/** Every `step`-th day from the first, and always the last day, so the curve keeps its end. */
export function sampleSeries(days: readonly BalancePoint[], step: number): BalancePoint[] {
  if (!Number.isSafeInteger(step) || step < 1) {
    throw new PlannerInputError('INVALID_STEP', 'The series step must be a whole number of days from 1.', 'step');
  }
  if (step === 1) return [...days];
  const sampled = days.filter((_, i) => i % step === 0);
  const last = days.at(-1);
  if (last && sampled.at(-1) !== last) sampled.push(last);
  return sampled;
}

@ObjectType({ description: 'The graphs page: the balance day by day over the simulated period.' })
export class DepositForecast {
  @Field(() => LocalDateScalar, { description: 'The later of the start date and today.' })
  firstDay!: LocalDate;

  @Field(() => LocalDateScalar)
  lastDay!: LocalDate;

  @Field(() => Int)
  dayCount!: number;

  @Field(() => MoneyScalar)
  openingBalance!: Cents;

  @Field(() => MoneyScalar, { description: 'The balance at the end of the last day (kept in rainy day).' })
  closingBalance!: Cents;

  @Field(() => BalancePoint)
  lowestPoint!: BalancePoint;

  @Field(() => LocalDateScalar, { nullable: true, description: 'The first day closing below 0.' })
  firstDateBelowZero!: LocalDate | null;

  @Field(() => MoneyScalar, { description: 'The approved overdraw the forecast is judged against.' })
  overdrawLimit!: Cents;

  @Field(() => LocalDateScalar, {
    nullable: true,
    description: 'The first day closing below minus the overdraw limit.',
  })
  firstDateBelowOverdrawLimit!: LocalDate | null;

  /** The closing balance of every day; served through `series`. */
  days!: readonly BalancePoint[];

  @Field(() => [BalancePoint], {
    description: 'The closing balance every `step` days from the first day, always with the last day.',
  })
  series(@Arg('step', () => Int, { defaultValue: 1 }) step: number): BalancePoint[] {
    return sampleSeries(this.days, step);
  }
}
