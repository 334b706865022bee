import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { LocalDate } from '../../../shared/local-date.js';
import type { Cents } from '../../../shared/money.js';
import { LocalDateScalar, MoneyScalar } from '../../../graphql/scalars.js';
import { UserError } from '../../../graphql/user-error.js';

/** The choices at term end (`term-end.rules.ts#TermEndChoiceKind`). */
export enum TermEndChoiceView {
  Roll = 'roll',
  Refund = 'refund',
  Savings = 'savings',
}

registerEnumType(TermEndChoiceView, {
  name: 'TermEndChoice',
  description:
    'Roll: the balance is carried into the renewal (a surplus lowers its deposits, a deficit is spread over them); Refund: the surplus is paid into a linked account; Savings: the surplus is moved to the default savings account.',
});

@ObjectType({ description: 'One choice offered at term end, with what it does.' })
export class TermEndOptionView {
  @Field(() => TermEndChoiceView) kind!: TermEndChoiceView;
  @Field({ description: 'The choice in words.' }) words!: string;
  @Field({ description: 'What choosing it does, in a sentence.' }) explanation!: string;
  @Field(() => String, { nullable: true, description: 'Savings: the account the surplus is moved to.' })
  accountNumber!: string | null;
}

@ObjectType({ description: 'A linked account of the account’s members that a surplus can be refunded to.' })
export class TermEndRefundAccount {
  @Field() accountNumber!: string;
  @Field(() => String, { nullable: true }) nickname!: string | null;
}

@ObjectType({
  description:
    'A choice at term end (issue 24 item 5): the agreement due for renewal, its projected closing balance, the choices offered and the current one.',
})
export class TermEndView {
  @Field(() => Int) accountId!: number;
  @Field(() => Int, { description: 'The agreement in force whose balance the choice is about.' }) agreementId!: number;
  @Field(() => LocalDateScalar) endDate!: LocalDate;
  @Field(() => MoneyScalar, {
    nullable: true,
    description: 'The balance the forecast gives on the end date (negative: short); null without a forecast.',
  })
  closingBalance!: Cents | null;
  @Field({ description: 'A renewal has been created and has not taken over yet.' }) renewalUnderWay!: boolean;
  @Field(() => [TermEndOptionView]) options!: TermEndOptionView[];
  @Field(() => [TermEndRefundAccount]) refundAccounts!: TermEndRefundAccount[];
  @Field(() => TermEndChoiceView, { description: 'The current choice; Roll when nothing was chosen.' })
  choice!: TermEndChoiceView;
  @Field(() => String, { nullable: true, description: 'Refund or savings: the account the surplus goes to.' })
  accountNumber!: string | null;
  @Field(() => String, { nullable: true, description: 'When the choice was made (ISO); null: nothing chosen.' })
  chosenAt!: string | null;
  @Field({ description: 'The current choice in words.' }) message!: string;
  @Field(() => String, {
    nullable: true,
    description:
      'The renewal under way: its deposits with the current choice (still worked out by staff, or agreed and what the choice then means for them); null when no renewal deposit is saved.',
  })
  renewalDeposits!: string | null;
}

@InputType({ description: 'The member’s (or staff’s) choice at term end.' })
export class ChooseTermEndInput {
  @Field(() => Int) memberId!: number;
  @Field(() => Int) accountId!: number;
  @Field(() => TermEndChoiceView) choice!: TermEndChoiceView;
  @Field(() => String, { nullable: true, description: 'Refund: the linked account to refund the surplus to.' })
  accountNumber!: string | null;
}

@ObjectType({ description: 'What storing a term-end choice did.' })
export class ChooseTermEndResult {
  @Field() ok!: boolean;
  @Field(() => TermEndView, { nullable: true, description: 'The term-end choice as it now stands.' })
  termEnd!: TermEndView | null;
  @Field(() => [UserError]) errors!: UserError[];
}
