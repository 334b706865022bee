import { Authorized, Field, Int, ObjectType } from 'type-graphql';
import { STAFF_AND_REPORTER_ROLES } from '../../../common/auth/roles.js';
import type { LocalDate } from '../../../shared/local-date.js';
import type { Cents } from '../../../shared/money.js';
import { LocalDateScalar, MoneyScalar } from '../../../graphql/scalars.js';
import { FieldChange } from '../../activity/index.js';
import { ForecastVerdict } from '../projection/projection.types.js';
import { AgreementStatus } from '../agreement-status.js';
import { TermEndChoiceView } from '../term-end/term-end.types.js';

@ObjectType({ description: 'A biller or sub-category in a change the member reviews.' })
export class ChangeItemLine {
  @Field()
  name!: string;

  @Field(() => MoneyScalar, { description: 'The expected bill amount.' })
  amount!: Cents;

  @Field({ description: 'How often the bill comes, in words ("per month").' })
  frequency!: string;

  @Field({ description: 'The member pays it by hand (not paid automatically by the agreement).' })
  paidByHand!: boolean;
}

@ObjectType({ description: 'A biller or sub-category kept by the change, with what changed of it (before → after).' })
export class ChangedItem {
  @Field()
  name!: string;

  @Field(() => [FieldChange])
  changes!: FieldChange[];
}

@ObjectType({ description: 'The deposits under the change: the amount, how often, and the first one from today.' })
export class ChangeDeposit {
  @Field(() => MoneyScalar)
  amount!: Cents;

  @Field()
  frequency!: string;

  @Field(() => LocalDateScalar, { nullable: true, description: 'The first deposit under the change.' })
  firstDate!: LocalDate | null;
}

@ObjectType({
  description:
    'A renewal’s term-end choice as the member reviews the renewal (issue 24 item 5): the choice on the version it ' +
    'renews, what that version is forecast to close with, what the renewal opens with and the effect on its deposit.',
})
export class ChangeReviewTermEnd {
  @Field(() => TermEndChoiceView, { description: 'The choice; roll when none was made.' })
  choice!: TermEndChoiceView;

  @Field({ description: 'A choice was made (else the balance is rolled by default).' })
  chosen!: boolean;

  @Field(() => String, { nullable: true, description: 'Refund or savings: the account the surplus goes to.' })
  accountNumber!: string | null;

  @Field(() => MoneyScalar, { nullable: true, description: 'The version in force’s forecast closing balance.' })
  closingBalance!: Cents | null;

  @Field(() => MoneyScalar, { description: 'What the renewal opens with by the choice.' })
  carriedIntoRenewal!: Cents;

  @Field(() => MoneyScalar, {
    nullable: true,
    description: 'The renewal’s deposit less what it would be opening from zero (negative: lowered by the choice).',
  })
  depositEffect!: Cents | null;

  @Field({ description: 'The choice and its effect on the renewal’s deposit, in a sentence.' })
  message!: string;
}

@ObjectType({
  description:
    'A modification or renewal as the member reviews it before approving or declining (issue 26 items 3 and 6): what ' +
    'it changes, the deposits, the bills paid by hand, and the forecast of the agreement as approving would make it.',
})
export class AgreementChangeReview {
  @Field(() => Int)
  agreementId!: number;

  @Field(() => Int, { description: 'The version in force that it changes.' })
  previousAgreementId!: number;

  @Field(() => AgreementStatus)
  status!: AgreementStatus;

  @Field()
  isRenewal!: boolean;

  @Field({ description: 'Staff sent it to the member: it waits for their approval.' })
  waitingForMember!: boolean;

  @Field(() => String, { nullable: true, description: 'When staff sent it to the member (an ISO instant).' })
  sentAt!: string | null;

  @Authorized(...STAFF_AND_REPORTER_ROLES)
  @Field(() => String, { nullable: true, description: 'Staff only: who sent it.' })
  sentBy?: string | null;

  @Field({ description: 'The change alters what the member agreed to (else staff apply it alone).' })
  needsMemberApproval!: boolean;

  @Field({ description: 'The signed-in member may approve or decline it now.' })
  canDecide!: boolean;

  @Field({
    description: 'The signed-in staff member may withdraw it now: sent to the member, who has not decided yet.',
  })
  canWithdraw!: boolean;

  @Field(() => [ChangeItemLine])
  added!: ChangeItemLine[];

  @Field(() => [ChangeItemLine])
  removed!: ChangeItemLine[];

  @Field(() => [ChangeItemLine])
  reinstated!: ChangeItemLine[];

  @Field(() => [ChangedItem])
  changed!: ChangedItem[];

  @Field(() => [FieldChange], { description: 'The deposit plan’s changes, before → after (empty: as it was).' })
  depositChanges!: FieldChange[];

  @Field(() => ChangeDeposit)
  deposit!: ChangeDeposit;

  @Field(() => [ChangeItemLine], { description: 'The bills the member pays by hand under the change.' })
  paidByHand!: ChangeItemLine[];

  @Field(() => ForecastVerdict, {
    description:
      'The forecast of the agreement as approving would make it: on track, or when and by how much it goes short.',
  })
  forecast!: ForecastVerdict;

  @Field(() => ChangeReviewTermEnd, {
    nullable: true,
    description: 'A renewal: the term-end choice of the version it renews and its effect on the deposit.',
  })
  termEnd!: ChangeReviewTermEnd | null;
}

@ObjectType({
  description:
    'A new agreement, or a modification or renewal of the account’s agreement, on its way: waiting for the member’s ' +
    'approval (staff sent it), or still being prepared by staff.',
})
export class AgreementChangeWaiting {
  @Field(() => Int)
  agreementId!: number;

  @Field(() => Int, { nullable: true, description: 'The version it replaces; null for a new agreement.' })
  previousAgreementId!: number | null;

  @Field()
  isRenewal!: boolean;

  @Field({ description: 'Staff sent it: it waits for the member to approve or decline it.' })
  waitingForMember!: boolean;

  @Field(() => String, { nullable: true, description: 'When staff sent it (an ISO instant).' })
  sentAt!: string | null;

  @Authorized(...STAFF_AND_REPORTER_ROLES)
  @Field(() => String, { nullable: true, description: 'Staff only: who sent it.' })
  sentBy?: string | null;

  @Field({ description: 'What the screens say of it, in words.' })
  message!: string;
}
