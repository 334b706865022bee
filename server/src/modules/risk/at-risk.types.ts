import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { LocalDate } from '../../shared/local-date.js';
import type { Cents } from '../../shared/money.js';
import { LocalDateScalar, MoneyScalar } from '../../graphql/scalars.js';
import { BalancePoint } from '../planner/index.js';
import { RiskLevel } from '../../shared/risk/at-risk.rules.js';

registerEnumType(RiskLevel, {
  name: 'RiskLevel',
  description:
    'How deep the forecast goes at its lowest point (over the whole agreement, as the member’s overview says): beyond the approved overdraw, or below zero within it.',
});

@ObjectType({
  description:
    'An active agreement whose forecast first goes short within the chosen weeks. Its figures are the projection’s forecast verdict, the member’s overview’s (`AgreementProjection.verdict`): the lowest point, the top-up and the deposit that avoid it are over the whole agreement, to its end date, not only the weeks chosen.',
})
export class AtRiskAgreement {
  @Field(() => Int) agreementId!: number;
  @Field(() => Int) accountId!: number;
  @Field() accountNumber!: string;
  @Field(() => Int) memberId!: number;
  @Field() memberNumber!: string;
  @Field() memberName!: string;
  @Field(() => String, { nullable: true }) branchName!: string | null;
  @Field(() => RiskLevel, { description: 'Whether the lowest point is beyond the approved overdraw.' })
  level!: RiskLevel;
  @Field(() => LocalDateScalar, {
    description: 'The first day that closes below zero (within the weeks chosen: why it is listed); the verdict’s.',
  })
  firstShortDate!: LocalDate;
  @Field(() => MoneyScalar, { description: 'How far below zero that first short day closes (the verdict’s).' })
  firstShortfall!: Cents;
  @Field(() => BalancePoint, {
    description: 'The lowest closing balance over the whole agreement, to its end date (the verdict’s).',
  })
  lowestPoint!: BalancePoint;
  @Field(() => MoneyScalar, { description: 'How far the lowest point is below zero (the top-up to avoid it).' })
  depth!: Cents;
  @Field(() => MoneyScalar, {
    description:
      'The smallest top-up today that keeps every day to the end date at zero or above (the verdict’s, as the member sees it).',
  })
  topUpToAvoid!: Cents;
  @Field(() => MoneyScalar, {
    nullable: true,
    description:
      'The deposit that never goes short to the end date, when a higher deposit can avoid it (else only a top-up does); the verdict’s.',
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
