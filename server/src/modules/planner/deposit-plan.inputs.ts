import { Field, InputType, Int } from 'type-graphql';
import type { LocalDate } from '../../shared/local-date.js';
import type { Cents } from '../../shared/money.js';
import { LocalDateScalar, MoneyScalar } from '../../graphql/scalars.js';
import { BillDetailsInput } from './bill-schedule.types.js';

@InputType({ description: 'One biller or sub-category of the agreement.' })
export class DepositPlanBillerInput extends BillDetailsInput {
  @Field({ description: 'The caller’s id for it (e.g. `biller:12`), unique in the plan; breakdown lines carry it.' })
  key!: string;

  @Field(() => String, { nullable: true, description: 'What the member sees (the nickname); the key when blank.' })
  label?: string | null;
}

@InputType({ description: 'The deposits step: the agreement period, its deposit schedule and its billers.' })
export class DepositPlanInput {
  @Field(() => LocalDateScalar)
  startDate!: LocalDate;

  @Field(() => LocalDateScalar, { description: 'Included: a deposit or bill on it counts.' })
  endDate!: LocalDate;

  @Field(() => MoneyScalar, {
    nullable: true,
    description: 'What the agreement holds on the first simulated day (negative if overdrawn); 0 for a new one.',
  })
  openingBalance?: Cents | null;

  @Field(() => Int, {
    description: 'Deposit frequency code: 1 weekly, 2 fortnightly, 3 monthly, 5 quarterly, 7 annually, 10 bi-monthly.',
  })
  depositFrequency!: number;

  @Field(() => LocalDateScalar, { nullable: true, description: 'The first deposit date; the start date if absent.' })
  firstDepositDate?: LocalDate | null;

  @Field(() => LocalDateScalar, { nullable: true, description: 'Bi-monthly (10): the first of the two dates.' })
  biMonthlyFirstDate?: LocalDate | null;

  @Field(() => LocalDateScalar, { nullable: true, description: 'Bi-monthly (10): the second of the two dates.' })
  biMonthlySecondDate?: LocalDate | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Monthly, quarterly, annual: the chosen day of month when the first date was clamped (31 → 30 April).',
  })
  preferredDay?: number | null;

  @Field(() => MoneyScalar, { nullable: true, description: 'The deposit entered; the required deposit if absent.' })
  depositAmount?: Cents | null;

  @Field(() => Int, {
    nullable: true,
    description: 'The initial overdraw rule duration in days (shown in weeks); the server setting if absent.',
  })
  overdrawRuleDurationDays?: number | null;

  @Field(() => MoneyScalar, {
    nullable: true,
    description: 'The approved overdraw; the server setting contractApprovedOverDrawOfAmount if absent.',
  })
  approvedOverdraw?: Cents | null;

  @Field(() => MoneyScalar, {
    nullable: true,
    description: 'The upper contract limit; the server setting businessUpperContractLimit if absent.',
  })
  upperContractLimit?: Cents | null;

  @Field(() => MoneyScalar, {
    nullable: true,
    description: 'The agreement’s total value, for the upper limit; the expenses of the simulated period if absent.',
  })
  totalContractValue?: Cents | null;

  @Field(() => Boolean, {
    nullable: true,
    defaultValue: false,
    description: 'A modification of a running agreement (the pay-up-front bypass then needs a date of today).',
  })
  isModification?: boolean | null;

  @Field(() => [DepositPlanBillerInput])
  billers!: DepositPlanBillerInput[];
}
