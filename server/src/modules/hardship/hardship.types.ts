import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { LocalDateScalar, MoneyScalar } from '../../graphql/scalars.js';
import { UserError } from '../../graphql/user-error.js';
import { HardshipRequestKind, HardshipStatus } from '../../shared/hardship/hardship.rules.js';
import type { LocalDate } from '../../shared/local-date.js';
import type { Cents } from '../../shared/money.js';

registerEnumType(HardshipStatus, {
  name: 'HardshipStatus',
  description: 'Open: waiting for staff; Arranged: staff recorded an arrangement; Closed.',
});
registerEnumType(HardshipRequestKind, {
  name: 'HardshipRequestKind',
  description:
    'None: help without a change; DepositHoliday: no deposits for up to a month, re-spread over the rest of the term; LowerDeposit: a lower deposit until a date.',
});

@ObjectType('HardshipTerms', { description: 'What was asked for, or arranged.' })
export class HardshipTermsView {
  @Field(() => HardshipRequestKind) kind!: HardshipRequestKind;
  @Field(() => LocalDateScalar, { nullable: true, description: 'Holiday: its first day; lower deposit: from.' })
  from!: LocalDate | null;
  @Field(() => LocalDateScalar, { nullable: true, description: 'The last day it lasts.' }) until!: LocalDate | null;
  @Field(() => MoneyScalar, { nullable: true, description: 'Lower deposit: the deposit.' }) amount!: Cents | null;
  @Field({ description: 'In words.' }) words!: string;
}

@ObjectType('HardshipDeposit', { description: 'A deposit still to come that the arrangement changed.' })
export class HardshipDepositView {
  @Field(() => LocalDateScalar) dueDate!: LocalDate;
  @Field(() => MoneyScalar, { description: 'What it was before the arrangement.' }) before!: Cents;
  @Field(() => MoneyScalar, { description: 'What it is now (0.00 on a holiday).' }) after!: Cents;
  @Field({ description: 'A deposit of the holiday: not expected at all.' }) holiday!: boolean;
}

@ObjectType('HardshipCase', {
  description: 'A member’s request for help with payments (issue 24 item 4) and what became of it.',
})
export class HardshipCaseView {
  @Field(() => Int) caseId!: number;
  @Field(() => Int) accountId!: number;
  @Field(() => Int) agreementId!: number;
  @Field(() => HardshipStatus) status!: HardshipStatus;
  @Field({ description: 'The status in words.' }) statusLabel!: string;
  @Field({ description: 'What is going on, in the member’s words.' }) situation!: string;
  @Field(() => HardshipTermsView) request!: HardshipTermsView;
  @Field() openedAt!: string;
  @Field(() => HardshipTermsView, { nullable: true }) arrangement!: HardshipTermsView | null;
  @Field(() => String, { nullable: true, description: 'Staff’s note on the arrangement.' })
  arrangementNote!: string | null;
  @Field(() => String, { nullable: true }) arrangedAt!: string | null;
  @Field(() => String, { nullable: true, description: 'Staff only.' }) arrangedBy!: string | null;
  @Field(() => String, { nullable: true }) closeNote!: string | null;
  @Field(() => String, { nullable: true }) closedAt!: string | null;
  @Field({ description: 'Missed-deposit notices are paused (the case is open or arranged).' })
  followUpPaused!: boolean;
  @Field(() => String, { nullable: true, description: 'Staff: the financial-counselling note.' })
  counsellingNote!: string | null;
  @Field(() => [HardshipDepositView], {
    description:
      'The deposits the arrangement changed, earliest first: the ones it relieves, then the later ones that carry what they no longer do.',
  })
  deposits!: HardshipDepositView[];
}

/** The terms as a form sends them: the kind, and the dates and amount it needs (shared by the inputs below). */
@InputType('HardshipTermsInput', { description: 'The terms as a form sends them.' })
abstract class HardshipTermsInput {
  @Field(() => HardshipRequestKind) kind!: HardshipRequestKind;
  @Field(() => String, { nullable: true, description: 'DepositHoliday: the first day, YYYY-MM-DD.' })
  from!: string | null;
  @Field(() => String, { nullable: true, description: 'The last day, YYYY-MM-DD.' }) until!: string | null;
  @Field(() => String, { nullable: true, description: 'LowerDeposit: the deposit, in dollars ("45.00").' })
  amount!: string | null;
}

@InputType({ description: 'A member asks for help: what is going on and, optionally, a change to the deposits.' })
export class OpenHardshipCaseInput extends HardshipTermsInput {
  @Field(() => Int) memberId!: number;
  @Field(() => Int) accountId!: number;
  @Field({ description: 'What is going on (at most 2,000 characters).' }) situation!: string;
}

@InputType({ description: 'Staff record what was arranged with the member, with a note.' })
export class ArrangeHardshipCaseInput extends HardshipTermsInput {
  @Field(() => Int) accountId!: number;
  @Field({ description: 'What was agreed (at most 1,000 characters).' }) note!: string;
}

@ObjectType({ description: 'The case after the step, or why not (errors).' })
export class HardshipCaseResult {
  @Field(() => HardshipCaseView, { nullable: true }) hardshipCase!: HardshipCaseView | null;
  @Field(() => [UserError]) errors!: UserError[];
}

@InputType({ description: 'The terms staff are about to record, to see what they do to the deposits first.' })
export class HardshipArrangementPreviewInput extends HardshipTermsInput {
  @Field(() => Int) accountId!: number;
}

@ObjectType('HardshipArrangementPreview', {
  description: 'What recording the terms would do to the deposits still to come (nothing is recorded).',
})
export class HardshipArrangementPreviewView {
  @Field({ description: 'The terms in words.' }) words!: string;
  @Field(() => [HardshipDepositView], {
    description: 'Each deposit it changes, earliest first: before and after (0.00 on a holiday). Empty: no change.',
  })
  deposits!: HardshipDepositView[];
  @Field(() => MoneyScalar, { description: 'What the relieved deposits no longer carry.' }) relieved!: Cents;
  @Field(() => Int, { description: 'Over how many later deposits it is spread.' }) spreadOver!: number;
  @Field(() => Int, { description: 'Deposits the arrangement in force would give back their amounts first.' })
  restored!: number;
}

@ObjectType()
export class HardshipArrangementPreviewResult {
  @Field(() => HardshipArrangementPreviewView, { nullable: true }) preview!: HardshipArrangementPreviewView | null;
  @Field(() => [UserError]) errors!: UserError[];
}
