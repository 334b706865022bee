import { Authorized, Field, Int, ObjectType } from 'type-graphql';
import { STAFF_AND_REPORTER_ROLES } from '../../common/auth/roles.js';
import type { LocalDate } from '../../shared/local-date.js';
import type { Cents } from '../../shared/money.js';
import { LocalDateScalar, MoneyScalar } from '../../graphql/scalars.js';
import { ActivityFilterTotals } from '../activity-history/index.js';
import { AgreementProjectionView, AgreementSummary, CategoryAllocation, OverviewBiller } from '../agreement/index.js';
import { NoteView } from '../note/index.js';
import { BillStatus } from '../bill/index.js';

@ObjectType({ description: 'A bill due for payment soon (the upcoming-bills panel).' })
export class UpcomingBill {
  @Field(() => Int)
  billId!: number;

  @Field()
  billerName!: string;

  @Field(() => LocalDateScalar)
  dueDate!: LocalDate;

  @Field(() => MoneyScalar)
  amount!: Cents;

  @Field(() => BillStatus, { description: 'Overdue and OverdueNotified are overdue; Upcoming is due within 30 days.' })
  status!: BillStatus;

  @Field()
  isReimbursement!: boolean;

  @Field({ description: 'The biller is on hold (status 5) after a failed payment: the bill cannot be paid.' })
  onHold!: boolean;
}

@ObjectType({ description: 'The overview page of a member’s account.' })
export class AccountOverview {
  @Field(() => Int)
  accountId!: number;

  @Field(() => Int)
  memberId!: number;

  @Field(() => AgreementSummary, { nullable: true, description: 'Null when the account has no agreement.' })
  agreement?: AgreementSummary | null;

  @Field(() => AgreementProjectionView, {
    nullable: true,
    description:
      'The agreement as of today (balances, next deposit, arrears, bills due, forecast): every figure of the page. Null without an agreement.',
  })
  projection?: AgreementProjectionView | null;

  @Field(() => [CategoryAllocation])
  allocationByCategory!: CategoryAllocation[];

  @Field(() => [OverviewBiller])
  autoBillers!: OverviewBiller[];

  @Field(() => [OverviewBiller], { description: 'Billers paid manually, then the billing sub-categories.' })
  manualBillers!: OverviewBiller[];

  @Field(() => [UpcomingBill], {
    description:
      'At most 6 unpaid bills paid by hand (the projection’s bills due), due date ascending; reimbursement bills omitted for members (the client pads to 6 rows).',
  })
  upcomingBills!: UpcomingBill[];

  @Field(() => ActivityFilterTotals)
  activityTotals!: ActivityFilterTotals;

  @Authorized(...STAFF_AND_REPORTER_ROLES)
  @Field(() => [NoteView], { nullable: true, description: 'Staff only: the agreement’s notes, newest first.' })
  notes?: NoteView[] | null;
}
