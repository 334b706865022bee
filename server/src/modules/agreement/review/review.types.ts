import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { LocalDate } from '../../../shared/local-date.js';
import type { Cents } from '../../../shared/money.js';
import { LocalDateScalar, MoneyScalar } from '../../../graphql/scalars.js';
import { UserError } from '../../../graphql/user-error.js';

/** Why a review is due (rule "review due", `review-proposal.rules.ts`). */
export enum DepositReviewTrigger {
  Schedule = 'schedule',
  Deficit = 'deficit',
  Surplus = 'surplus',
}

registerEnumType(DepositReviewTrigger, {
  name: 'DepositReviewTrigger',
  description:
    'Schedule: the calendar (every N months, a server setting); Deficit / Surplus: the projected deficit, or the surplus at term end, passes one deposit.',
});

@ObjectType('ContingencyUse', {
  description: 'Where the contingency went: set aside with the bills paid, spent on them, poured into rainy day, held.',
})
export class ContingencyUseView {
  @Field(() => MoneyScalar, { description: 'Set aside with the bills paid so far.' }) setAside!: Cents;
  @Field(() => MoneyScalar, { description: 'What it paid of those bills.' }) used!: Cents;
  @Field(() => MoneyScalar, { description: 'What those bills did not need: poured into rainy day.' })
  toRainyDay!: Cents;
  @Field(() => MoneyScalar, { description: 'Set aside for the bills still to come.' }) heldForBillsToCome!: Cents;
}

@ObjectType('DepositReviewFigures', { description: 'The per-bill table’s figures (a biller’s row, or the totals).' })
export class DepositReviewFiguresView {
  @Field(() => MoneyScalar, { description: 'The estimate over the term: the bills paid and still to come.' })
  estimate!: Cents;
  @Field(() => MoneyScalar, { description: 'What the bills paid so far came to (an amount owing of a short pay too).' })
  paidSoFar!: Cents;
  @Field(() => MoneyScalar, { description: 'The estimate of the bills paid so far.' }) estimateOfPaid!: Cents;
  @Field(() => Int) billsPaid!: number;
  @Field(() => MoneyScalar, { description: 'The projection’s bills still to come, at their expected amounts.' })
  stillToCome!: Cents;
  @Field(() => Int) billsToCome!: number;
  @Field(() => MoneyScalar, { description: 'Paid so far plus still to come.' }) expectedByTermEnd!: Cents;
  @Field(() => MoneyScalar, { description: 'Expected by term end less the estimate (above it when positive).' })
  difference!: Cents;
  @Field(() => ContingencyUseView) contingency!: ContingencyUseView;
}

@ObjectType('DepositReviewRow', { description: 'One biller or sub-category of the agreement’s current version.' })
export class DepositReviewRowView extends DepositReviewFiguresView {
  @Field({ description: 'biller:ID or subcategory:ID.' }) billerKey!: string;
  @Field() name!: string;
  @Field({ description: 'Its amount varies: its bills carry a contingency.' }) amountVaries!: boolean;
}

@ObjectType('DepositReviewReason', { description: 'One line of why the deposit changes, per deposit.' })
export class DepositReviewReasonView {
  @Field(() => String, { nullable: true, description: 'The bill’s biller; null for the rest of the change.' })
  billerKey!: string | null;
  @Field(() => MoneyScalar, { description: 'What it adds to (or takes off) each deposit.' }) perDeposit!: Cents;
  @Field() words!: string;
}

@ObjectType('DepositReviewProposal', { description: 'The deposit proposed, explained bill by bill.' })
export class DepositReviewProposalView {
  @Field(() => MoneyScalar) currentDeposit!: Cents;
  @Field(() => MoneyScalar, {
    description: 'What the days before the next deposit lack (no deposit reaches them): a top-up now; 0 when nothing.',
  })
  topUpFirst!: Cents;
  @Field(() => MoneyScalar, {
    nullable: true,
    description:
      'The smallest deposit leaving no short day by term end with the contingency kept (after topUpFirst); null when none can.',
  })
  proposedDeposit!: Cents | null;
  @Field(() => MoneyScalar, { description: 'Proposed less current; the reasons add up to it.' }) change!: Cents;
  @Field(() => Int, { description: 'The deposits still to come it applies to.' }) deposits!: number;
  @Field(() => LocalDateScalar, { nullable: true, description: 'The first of them.' }) from!: LocalDate | null;
  @Field(() => MoneyScalar, { description: 'Forecast at today’s deposit, contingency kept: balance at term end.' })
  endOfTermBalance!: Cents;
  @Field(() => MoneyScalar, { description: 'The same forecast’s lowest balance.' }) lowestBalance!: Cents;
  @Field(() => [DepositReviewReasonView]) reasons!: DepositReviewReasonView[];
  @Field() summary!: string;
}

@ObjectType('DepositReviewDue', { description: 'Whether a review is due, and why.' })
export class DepositReviewDueView {
  @Field() due!: boolean;
  @Field(() => DepositReviewTrigger, { nullable: true }) reason!: DepositReviewTrigger | null;
  @Field(() => LocalDateScalar, { description: 'When the calendar next asks for a review.' })
  nextScheduled!: LocalDate;
}

@ObjectType('DepositReviewOpen', {
  description: 'The open review the scheduled job recorded: the member accepts it or asks staff.',
})
export class DepositReviewOpenView {
  @Field(() => Int) reviewId!: number;
  @Field(() => LocalDateScalar, { description: 'The day the scheduled review made it.' }) reviewedOn!: LocalDate;
  @Field(() => MoneyScalar, { nullable: true, description: 'The deposit it proposes.' }) proposedDeposit!: Cents | null;
  @Field({ description: 'The member asked staff to look at it.' }) referred!: boolean;
  @Field({ description: 'Its summary in words.' }) summary!: string;
}

export enum DepositReviewOutcomeView {
  Accepted = 'ACCEPTED',
  Dismissed = 'DISMISSED',
}

registerEnumType(DepositReviewOutcomeView, {
  name: 'DepositReviewOutcome',
  description: 'How a review was closed: Accepted (its deposit became a change), Dismissed (by staff: no change).',
});

@ObjectType('DepositReviewClosed', {
  description: 'The last review recorded, closed by an answer, with no review open since.',
})
export class DepositReviewClosedView {
  @Field(() => Int) reviewId!: number;
  @Field(() => LocalDateScalar, { description: 'The day the scheduled review made it.' }) reviewedOn!: LocalDate;
  @Field(() => DepositReviewOutcomeView) outcome!: DepositReviewOutcomeView;
}

@ObjectType('DepositReviewDecision', { description: 'What accepting or referring a review did, or why not.' })
export class DepositReviewDecisionResult {
  @Field() ok!: boolean;
  @Field(() => String, { nullable: true }) message!: string | null;
  @Field(() => Int, { nullable: true, description: 'The modification made for an accepted review.' })
  changeAgreementId!: number | null;
  @Field({ description: 'The member’s approval went with it: it applies shortly.' }) approved!: boolean;
  @Field() sentToMember!: boolean;
  @Field() waitingForManager!: boolean;
  @Field(() => [UserError]) errors!: UserError[];
}

@ObjectType('DepositReview', {
  description:
    'The deposit that reviews itself (issue 24 item 2): the per-bill table of the current version, the deposit proposed and whether a review is due.',
})
export class DepositReviewView {
  @Field(() => Int) accountId!: number;
  @Field(() => Int) agreementId!: number;
  @Field(() => LocalDateScalar) asOf!: LocalDate;
  @Field(() => [DepositReviewRowView]) rows!: DepositReviewRowView[];
  @Field(() => DepositReviewFiguresView) totals!: DepositReviewFiguresView;
  @Field(() => DepositReviewProposalView, { nullable: true }) proposal!: DepositReviewProposalView | null;
  @Field(() => DepositReviewDueView, { nullable: true }) due!: DepositReviewDueView | null;
  @Field(() => DepositReviewOpenView, {
    nullable: true,
    description: 'The review the scheduled job recorded and still open (pending, or the member asked staff).',
  })
  open!: DepositReviewOpenView | null;
  @Field(() => DepositReviewClosedView, {
    nullable: true,
    description: 'The last review when an answer closed it (accepted, or dismissed by staff) and none is open since.',
  })
  closed!: DepositReviewClosedView | null;
}
