import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { LocalDate } from '../../shared/local-date.js';
import type { Cents } from '../../shared/money.js';
import { LocalDateScalar, MoneyScalar } from '../../graphql/scalars.js';
import { BalancePoint } from '../planner/index.js';
import { RiskLevel } from '../../shared/risk/at-risk.rules.js';

registerEnumType(RiskLevel, {
  name: 'RiskLevel',
  description: 'How deep the forecast goes: beyond the approved overdraw, or below zero within it.',
});

@ObjectType({ description: 'An active agreement whose forecast goes short within the chosen weeks.' })
export class AtRiskAgreement {
  @Field(() => Int) agreementId!: number;
  @Field(() => Int) accountId!: number;
  @Field() accountNumber!: string;
  @Field(() => Int) memberId!: number;
  @Field() memberNumber!: string;
  @Field() memberName!: string;
  @Field(() => String, { nullable: true }) branchName!: string | null;
  @Field(() => RiskLevel) level!: RiskLevel;
  @Field(() => LocalDateScalar, { description: 'The first day within the weeks that closes below zero.' })
  firstShortDate!: LocalDate;
  @Field(() => BalancePoint, { description: 'The lowest closing balance within the weeks.' })
  lowestPoint!: BalancePoint;
  @Field(() => MoneyScalar, { description: 'How far the lowest point is below zero.' }) depth!: Cents;
  @Field(() => MoneyScalar, { description: 'A top-up today that keeps every day of the weeks at zero or above.' })
  topUpToAvoid!: Cents;
  @Field(() => MoneyScalar, {
    nullable: true,
    description: 'The deposit that never goes short, when a higher deposit can avoid it (else only a top-up does).',
  })
  depositToAvoid!: Cents | null;
  @Field(() => MoneyScalar) depositAmount!: Cents;
  @Field(() => MoneyScalar) approvedOverdraw!: Cents;
}

@ObjectType({ description: 'The at-risk worklist: worst first (beyond the approved overdraw, earliest, deepest).' })
export class AtRiskList {
  @Field(() => Int) weeks!: number;
  @Field(() => LocalDateScalar) asOf!: LocalDate;
  @Field(() => Int, { description: 'Active agreements looked at.' }) checked!: number;
  @Field(() => [Int], { description: 'Agreements whose stored data the planner refused: not forecast.' })
  notForecast!: number[];
  @Field(() => [AtRiskAgreement]) items!: AtRiskAgreement[];
}

@InputType({ description: 'The worklist’s sort, as the screen shows it (the exports follow it).' })
export class AtRiskSortInput {
  @Field({ description: 'risk (worst first), member, firstShortDate, lowestPoint, topUpToAvoid or depositToAvoid.' })
  field!: string;
  @Field({ defaultValue: 'asc', description: 'asc or desc.' })
  direction!: string;
}
