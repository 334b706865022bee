import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { LocalDate } from '../../../shared/local-date.js';
import type { Cents } from '../../../shared/money.js';
import { LocalDateScalar, MoneyScalar } from '../../../graphql/scalars.js';
import { UserError } from '../../../graphql/user-error.js';
import { DueBillView, ForecastVerdict } from '../projection/projection.types.js';

/** The three fixes of a shortfall (the rule's kinds, `shortfall-fix.rules.ts`). */
export enum ShortfallFixKindView {
  TopUp = 'topUp',
  Raise = 'raise',
  Spread = 'spread',
}

registerEnumType(ShortfallFixKindView, {
  name: 'ShortfallFixKind',
  description:
    'TopUp: top up now from a linked account; Raise: raise each deposit; Spread: spread over the next deposits.',
});

@ObjectType('ShortfallFix', { description: 'One fix of a shortfall, worked out to the cent, with its effect.' })
export class ShortfallFixView {
  @Field(() => ShortfallFixKindView) kind!: ShortfallFixKindView;

  @Field(() => MoneyScalar, {
    description: 'The figure confirmed: the top-up, each raised deposit, or the amount spread in all.',
  })
  amount!: Cents;

  @Field(() => Int, { nullable: true, description: 'Raise and spread: how many deposits change.' })
  deposits!: number | null;

  @Field(() => LocalDateScalar, { nullable: true, description: 'Raise and spread: the first deposit that changes.' })
  from!: LocalDate | null;

  @Field(() => [MoneyScalar], { description: 'Spread: what each of the next deposits carries more, in date order.' })
  shares!: Cents[];

  @Field({ description: 'The fix in one sentence.' })
  words!: string;

  @Field(() => ForecastVerdict, { description: 'The forecast with the fix applied (nothing is changed to show it).' })
  preview!: ForecastVerdict;

  @Field({ description: 'The caller can confirm it here.' })
  canApply!: boolean;

  @Field({ description: 'What confirming does, or why it cannot be confirmed here.' })
  howApplied!: string;
}

@ObjectType('ShortfallFixes', {
  description: 'The forecast goes short: the first short day, the bill that takes it short, and three fixes.',
})
export class ShortfallFixesView {
  @Field(() => Int) accountId!: number;
  @Field(() => Int) agreementId!: number;
  @Field(() => LocalDateScalar, { description: 'The first day that closes below zero.' }) firstShortDate!: LocalDate;
  @Field(() => MoneyScalar, { description: 'How far below zero that day closes.' }) shortfall!: Cents;
  @Field(() => DueBillView, { nullable: true, description: 'The bill whose payment first takes it below zero.' })
  shortBill!: DueBillView | null;
  @Field(() => [ShortfallFixView], { description: 'Top up now, raise each deposit, spread (those that can help).' })
  fixes!: ShortfallFixView[];
}

@InputType({ description: 'The fix confirmed, with the figure the caller saw (refused when the figures changed).' })
export class ApplyShortfallFixInput {
  @Field(() => Int) memberId!: number;
  @Field(() => Int) accountId!: number;
  @Field(() => ShortfallFixKindView) kind!: ShortfallFixKindView;
  @Field({ description: 'The fix’s amount as shown, in dollars ("50.00").' }) amount!: string;
  @Field(() => String, { nullable: true, description: 'TopUp: the linked savings account the money comes from.' })
  accountNumber!: string | null;
  @Field() idempotencyKey!: string;
}

@ObjectType({ description: 'What applying a shortfall fix did.' })
export class ApplyShortfallFixResult {
  @Field() ok!: boolean;
  @Field(() => String, { nullable: true, description: 'What happened, in words.' }) message!: string | null;
  @Field(() => Int, { nullable: true, description: 'TopUp: its ledger transaction.' }) transactionId!: number | null;
  @Field(() => Int, { nullable: true, description: 'Raise: the modification made (its version).' })
  changeAgreementId!: number | null;
  @Field({ description: 'The change waits for the member’s approval.' }) sentToMember!: boolean;
  @Field({ description: 'The change waits in the managers’ approvals queue.' }) waitingForManager!: boolean;
  @Field(() => [UserError]) errors!: UserError[];
}
