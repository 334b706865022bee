import { Authorized, Field, Int, ObjectType } from 'type-graphql';
import { STAFF_AND_REPORTER_ROLES } from '../../common/auth/roles.js';
import type { Cents } from '../../shared/money.js';
import { MoneyScalar } from '../../graphql/scalars.js';
// ActivityFilterGroup comes registered as the GraphQL enum `ActivityFilter` (activity/activity-filter.ts).
import { ActivityFilterGroup, FieldChange } from '../activity/index.js';
import { TransactionStatus } from '../ledger/index.js';

@ObjectType({
  description: 'How many activities each filter holds; `note` is null for members (they never see notes).',
})
export class ActivityFilterTotals {
  @Field(() => Int)
  payment!: number;

  @Field(() => Int)
  agreementChange!: number;

  @Field(() => Int)
  notification!: number;

  @Field(() => Int, { nullable: true })
  note?: number | null;
}

@ObjectType('Activity', { description: 'A line of the activity history (spec 1 §3).' })
export class ActivityView {
  @Field(() => Int)
  activityId!: number;

  @Field({ description: 'When it happened (ISO-8601 date and time).' })
  date!: string;

  @Field(() => Int)
  type!: number;

  @Field({ description: 'The spec’s label for the type ("" for 23, 28, 34; "Other" for an unknown code).' })
  label!: string;

  @Field(() => ActivityFilterGroup)
  filter!: ActivityFilterGroup;

  @Field(() => String, { nullable: true, description: 'The details as stored: text, HTML or JSON.' })
  details?: string | null;

  @Field({
    description:
      'TEXT | HTML | MODIFICATION_JSON | AGREEMENT_CANCEL | AGREEMENT_UNLOCK | DIRECT_DEBIT_FAILURE | NOTIFICATION | ' +
      'PAY_BILL | REIMBURSE_BILL: which detail variant the screen shows.',
  })
  detailsKind!: string;

  @Field(() => [FieldChange], { nullable: true, description: 'MODIFICATION_JSON: what changed, field by field.' })
  modificationChanges?: FieldChange[] | null;

  @Field(() => MoneyScalar, { description: 'The effect on the agreement’s balance; 0 if none.' })
  balanceChange!: Cents;

  @Field({ description: '"+$5.00", "-$12.30" or "$0.00".' })
  formattedBalance!: string;

  @Field(() => Int, { nullable: true })
  transactionId?: number | null;

  @Field(() => TransactionStatus, { nullable: true })
  transactionStatus?: TransactionStatus | null;

  @Field(() => String, {
    nullable: true,
    description: 'Pending, Processed, Successfull, Failed, Unknown, TryAgain, Missmatch.',
  })
  transactionStatusName?: string | null;

  @Field(() => String, { nullable: true, description: 'pending | success | failed | unknown.' })
  transactionStatusClass?: string | null;

  @Field({
    description: 'A pending payment: the screen shows the details with "Paid" replaced by "pending confirmation".',
  })
  isPending!: boolean;

  @Field(() => Int, { nullable: true })
  contractId?: number | null;

  @Field(() => MoneyScalar, { nullable: true })
  topupAmount?: Cents | null;

  @Field(() => MoneyScalar, { nullable: true, description: 'What the contingency paid towards the bill.' })
  contingencyAmount?: Cents | null;

  @Field(() => MoneyScalar, {
    nullable: true,
    description:
      'What was set aside for the bill (allocation and contingency) and not needed: moved to rainy day. With ' +
      'contingencyAmount it explains the contingency line of the transaction.',
  })
  pouredIntoRainyDay?: Cents | null;

  @Authorized(...STAFF_AND_REPORTER_ROLES)
  @Field(() => String, { nullable: true, description: 'Staff only: notes on the activity.' })
  notes?: string | null;

  @Authorized(...STAFF_AND_REPORTER_ROLES)
  @Field(() => String, {
    nullable: true,
    description: 'Staff only: the agent who did it (null for the member or the system).',
  })
  agentName?: string | null;
}

@ObjectType({ description: 'A page of the activity history, newest first, with the totals per filter.' })
export class ActivityPage {
  @Field(() => [ActivityView])
  items!: ActivityView[];

  @Field(() => Int)
  page!: number;

  @Field(() => Int)
  pageSize!: number;

  @Field(() => Int, { description: 'Activities matching the filters (all pages).' })
  totalCount!: number;

  @Field(() => ActivityFilterTotals)
  totals!: ActivityFilterTotals;
}
