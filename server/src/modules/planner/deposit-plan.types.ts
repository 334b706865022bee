import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { LocalDate } from '../../shared/local-date.js';
import type { Cents } from '../../shared/money.js';
import { LocalDateScalar, MoneyScalar } from '../../graphql/scalars.js';
import { DepositForecast, OverdrawAssessment } from './deposit-forecast.types.js';

/** What a breakdown line stands for (the engine's kinds, named for GraphQL). */
export enum DepositBreakdownLineKind {
  BILLER = 'biller',
  CONTINGENCY = 'contingency',
  HELD_BALANCE = 'heldBalance',
  SURPLUS = 'surplus',
  SHORTFALL = 'shortfall',
}

registerEnumType(DepositBreakdownLineKind, {
  name: 'DepositBreakdownLineKind',
  description: 'What a line of the deposit breakdown stands for.',
  valuesConfig: {
    BILLER: { description: 'One biller’s bills (amounts without contingency).' },
    CONTINGENCY: { description: 'The 10% buffer on variable and direct-debit bills.' },
    HELD_BALANCE: { description: 'A balance already held (negative) or an overdrawn one brought forward.' },
    SURPLUS: { description: 'Rounding and surplus, kept in rainy day.' },
    SHORTFALL: { description: 'Expenses the entered deposit does not cover (negative).' },
  },
});

@ObjectType({ description: 'The deposit that covers the expenses: shared equally, rounded up to the cent.' })
export class RequiredDeposit {
  @Field(() => MoneyScalar)
  amount!: Cents;

  @Field(() => Int)
  depositCount!: number;

  @Field(() => MoneyScalar, { description: 'Amount plus contingency of every bill in the simulated period.' })
  totalExpenses!: Cents;

  @Field(() => MoneyScalar)
  openingBalance!: Cents;

  @Field(() => MoneyScalar, { description: 'What the deposits together must bring in.' })
  toBeDeposited!: Cents;
}

@ObjectType({ description: 'Whether the deposit covers the expenses over the period (spec 3 §5).' })
export class DepositCoverage {
  @Field()
  ok!: boolean;

  @Field({ description: 'The pay-up-front today bypass waived the check.' })
  bypassed!: boolean;

  @Field(() => MoneyScalar, { description: 'What is left over the period (to rainy day); 0 when not covered.' })
  surplus!: Cents;

  @Field(() => MoneyScalar, { description: 'What is missing over the period; 0 when covered.' })
  shortfall!: Cents;

  @Field(() => String, { nullable: true, description: 'EXPENSES_NOT_COVERED when not covered.' })
  code!: string | null;

  @Field(() => String, { nullable: true })
  field!: string | null;

  @Field(() => String, { nullable: true, description: "'Expenses are not fully covered by the current deposit(s).'" })
  message!: string | null;
}

@ObjectType({ description: 'The smallest deposit that never lets the balance close below 0, or the top-up needed.' })
export class MinimumDeposit {
  @Field({ description: 'False when a bill falls due before any deposit and only a top-up helps.' })
  reachable!: boolean;

  @Field(() => MoneyScalar, { nullable: true, description: 'To the cent; null when not reachable.' })
  amount!: Cents | null;

  @Field(() => LocalDateScalar, { nullable: true, description: 'The day that decides the minimum.' })
  bindingDate!: LocalDate | null;

  @Field(() => MoneyScalar, { description: 'The top-up needed when not reachable; 0 otherwise.' })
  topUpNeeded!: Cents;

  @Field(() => LocalDateScalar, { nullable: true, description: 'When the top-up is needed by.' })
  topUpDate!: LocalDate | null;
}

@ObjectType({ description: 'One line of what each deposit pays for.' })
export class DepositBreakdownLine {
  @Field(() => DepositBreakdownLineKind)
  kind!: DepositBreakdownLineKind;

  @Field(() => String, { nullable: true, description: 'The biller’s key, on biller lines.' })
  billerKey!: string | null;

  @Field()
  label!: string;

  @Field(() => MoneyScalar, { description: 'This line’s share of one deposit; the lines add up to the deposit.' })
  amount!: Cents;

  @Field(() => MoneyScalar, { description: 'The line’s total over the period.' })
  periodTotal!: Cents;

  @Field(() => Int)
  billCount!: number;

  @Field({ description: 'A sentence for the member: where the share comes from.' })
  sentence!: string;
}

@ObjectType({ description: 'What each deposit pays for; the lines add up exactly to the deposit.' })
export class DepositBreakdown {
  @Field(() => MoneyScalar)
  depositAmount!: Cents;

  @Field(() => Int)
  depositCount!: number;

  @Field(() => MoneyScalar, { description: 'Every deposit of the period together: deposit × deposits.' })
  periodTotal!: Cents;

  @Field({ description: 'The lines add up exactly to the deposit (always, by construction).' })
  addsUp!: boolean;

  @Field(() => [DepositBreakdownLine])
  lines!: DepositBreakdownLine[];
}

@ObjectType({ description: 'One biller’s bills in the simulated period.' })
export class BillerExpenses {
  @Field()
  key!: string;

  @Field()
  label!: string;

  @Field(() => Int)
  billCount!: number;

  @Field(() => MoneyScalar)
  totalAmount!: Cents;

  @Field(() => MoneyScalar)
  totalContingency!: Cents;

  @Field(() => MoneyScalar)
  total!: Cents;
}

@ObjectType({ description: 'The deposits step for the agreement described: deposit, coverage, breakdown, overdraw.' })
export class DepositPlan {
  @Field(() => LocalDateScalar, { description: 'The institution’s today the plan was made on.' })
  today!: LocalDate;

  @Field(() => [LocalDateScalar], { description: 'The deposits in the simulated period.' })
  depositDates!: LocalDate[];

  @Field(() => Int)
  depositCount!: number;

  @Field(() => MoneyScalar, { description: 'The deposit simulated: the one entered, else the required one.' })
  depositAmount!: Cents;

  @Field(() => RequiredDeposit)
  required!: RequiredDeposit;

  @Field(() => DepositCoverage)
  coverage!: DepositCoverage;

  @Field(() => MinimumDeposit)
  minimum!: MinimumDeposit;

  @Field(() => DepositBreakdown, { nullable: true, description: 'Null when no deposit falls in the period.' })
  breakdown!: DepositBreakdown | null;

  @Field(() => OverdrawAssessment)
  overdraw!: OverdrawAssessment;

  @Field(() => DepositForecast)
  forecast!: DepositForecast;

  @Field(() => [BillerExpenses], { description: 'Each biller’s bills in the period, in the input’s order.' })
  billers!: BillerExpenses[];

  @Field(() => Int, { description: 'The overdraw rule duration applied (days).' })
  overdrawRuleDurationDays!: number;
}
