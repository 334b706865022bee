import { ArgsType, Field, InputType, Int, ObjectType } from 'type-graphql';
import type { LocalDate } from '../../shared/local-date.js';
import type { Cents } from '../../shared/money.js';
import { LocalDateScalar, MoneyScalar } from '../../graphql/scalars.js';

/**
 * The reporting API's connections (issue 11 item 9): read-only, keyset-paged (ascending id), for staff and the
 * REPORTER role. Every node is flat (no nested lists), so a page of 100 rows stays inside the cost limit.
 */

@InputType('ReportFilter', {
  description:
    'What a reporting connection returns; every field is optional and they combine (and). The date is each ' +
    'connection’s own: agreements their start date, bills and deposits their due date, ledger transactions their ' +
    'effective date, activities and notifications the institution’s day they happened or were queued.',
})
export class ReportFilter {
  @Field(() => Int, {
    nullable: true,
    description:
      'A status code: the agreement’s, bill’s, deposit’s or notification’s status; for ledger transactions and ' +
      'activities the transaction status (0 Pending … 6 Mismatch).',
  })
  status?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Ledger transactions: the transaction type; activities: the activity type. Refused elsewhere.',
  })
  type?: number | null;

  @Field(() => Int, { nullable: true, description: 'The branch of the account’s (first) member.' })
  branchId?: number | null;

  @Field(() => Int, { nullable: true, description: 'Rows of the accounts this member holds.' })
  memberId?: number | null;

  @Field(() => LocalDateScalar, { nullable: true, description: 'On or after this date.' })
  from?: LocalDate | null;

  @Field(() => LocalDateScalar, { nullable: true, description: 'On or before this date.' })
  to?: LocalDate | null;
}

@ArgsType()
export class ReportPageArgs {
  @Field(() => Int, { nullable: true, description: 'Rows on this page: 1 to 100 (50 when omitted).' })
  first?: number | null;

  @Field(() => String, { nullable: true, description: 'The previous page’s endCursor; omitted for the first page.' })
  after?: string | null;

  @Field(() => ReportFilter, { nullable: true })
  filter?: ReportFilter | null;
}

@ObjectType('ReportPageInfo')
export class ReportPageInfo {
  @Field({ description: 'Whether another page follows this one.' }) hasNextPage!: boolean;
  @Field(() => String, { nullable: true, description: 'Pass as `after` for the next page (null on an empty page).' })
  endCursor!: string | null;
}

/** Columns every row carries: which agreement, account, member and branch it belongs to. */
@ObjectType('ReportRowBase')
abstract class ReportRowBase {
  @Field(() => Int, { nullable: true }) agreementId!: number | null;
  @Field(() => Int, { nullable: true }) accountId!: number | null;
  @Field(() => String, { nullable: true }) accountNumber!: string | null;
  @Field(() => Int, { nullable: true, description: 'The account’s first member (lowest id of its active links).' })
  memberId!: number | null;
  @Field(() => String, { nullable: true }) memberNumber!: string | null;
  @Field(() => Int, { nullable: true }) branchId!: number | null;
  @Field(() => String, { nullable: true }) branchName!: string | null;
}

@ObjectType('ReportAgreement', { description: 'An agreement version.' })
export class ReportAgreement extends ReportRowBase {
  @Field(() => Int) id!: number;
  @Field(() => Int) status!: number;
  @Field() statusName!: string;
  @Field(() => Int) version!: number;
  @Field(() => Int, { nullable: true, description: 'The version this one modified or renewed.' })
  previousId!: number | null;
  @Field(() => LocalDateScalar) startDate!: LocalDate;
  @Field(() => LocalDateScalar) endDate!: LocalDate;
  @Field(() => Int) contributionFrequency!: number;
  @Field(() => MoneyScalar) depositAmount!: Cents;
  @Field(() => LocalDateScalar, {
    nullable: true,
    description: 'The next deposit of the stored schedule, today or later (the agreement’s projection).',
  })
  nextDepositDate!: LocalDate | null;
  @Field() createdAt!: string;
  // The agreement as of today (its projection): the figures every screen shows.
  @Field(() => MoneyScalar, { description: 'The ledger’s balance (allocation + contingency + rainy day).' })
  balance!: Cents;
  @Field(() => MoneyScalar, { nullable: true }) nextDepositAmount!: Cents | null;
  @Field(() => MoneyScalar, { description: 'What the missed and partly received deposits still lack (0: none).' })
  arrearsAmount!: Cents;
  @Field(() => LocalDateScalar, { nullable: true }) arrearsSince!: LocalDate | null;
  @Field(() => Int, { description: 'Unpaid bills overdue or due within 30 days, every payment kind.' })
  billsDueCount!: number;
  @Field(() => MoneyScalar) billsDueAmount!: Cents;
  @Field(() => LocalDateScalar, { nullable: true, description: 'The forecast’s first day below zero.' })
  forecastFirstShortDate!: LocalDate | null;
}

@ObjectType('ReportBill', { description: 'A bill of an agreement.' })
export class ReportBill extends ReportRowBase {
  @Field(() => Int) id!: number;
  @Field(() => Int, { nullable: true }) billerId!: number | null;
  @Field(() => Int, { nullable: true }) billingSubCategoryId!: number | null;
  @Field(() => LocalDateScalar) dueDate!: LocalDate;
  @Field(() => Int) status!: number;
  @Field() statusName!: string;
  @Field(() => MoneyScalar) expectedAmount!: Cents;
  @Field(() => MoneyScalar) amountAllocated!: Cents;
  @Field(() => MoneyScalar) contingency!: Cents;
  @Field(() => MoneyScalar) paidAmount!: Cents;
  @Field(() => LocalDateScalar, { nullable: true }) paidDate!: LocalDate | null;
  @Field(() => MoneyScalar) amountOwing!: Cents;
  @Field() isFinalBill!: boolean;
}

@ObjectType('ReportDeposit', { description: 'A scheduled deposit of an agreement.' })
export class ReportDeposit extends ReportRowBase {
  @Field(() => Int) id!: number;
  @Field(() => LocalDateScalar) dueDate!: LocalDate;
  @Field(() => Int) status!: number;
  @Field() statusName!: string;
  @Field(() => MoneyScalar) expectedAmount!: Cents;
  @Field(() => MoneyScalar) receivedAmount!: Cents;
  @Field(() => LocalDateScalar, { nullable: true }) receivedDate!: LocalDate | null;
}

@ObjectType('ReportLedgerTransaction', {
  description: 'A ledger transaction with its lines summed (lines of one transaction always sum to zero).',
})
export class ReportLedgerTransaction extends ReportRowBase {
  @Field(() => Int) id!: number;
  @Field(() => Int) type!: number;
  @Field() typeName!: string;
  @Field(() => LocalDateScalar) effectiveDate!: LocalDate;
  @Field() description!: string;
  @Field(() => Int, { nullable: true }) reversesId!: number | null;
  @Field(() => Int, { nullable: true }) depositId!: number | null;
  @Field(() => Int, { description: 'How many ledger entries (lines) it has.' }) lineCount!: number;
  @Field(() => MoneyScalar, { description: 'The sum of its lines.' }) total!: Cents;
  @Field(() => MoneyScalar, { description: 'Its effect on the agreement’s own pockets.' }) agreementChange!: Cents;
  @Field(() => MoneyScalar, { description: 'The sum of its positive lines: the money it moved.' }) moved!: Cents;
  @Field(() => Int, { nullable: true, description: 'Its activity’s transaction status.' })
  status!: number | null;
  @Field(() => Int, { nullable: true }) activityId!: number | null;
  @Field() createdAt!: string;
}

@ObjectType('ReportActivity', { description: 'An activity of the history.' })
export class ReportActivity extends ReportRowBase {
  @Field(() => Int) id!: number;
  @Field(() => Int) type!: number;
  @Field() typeName!: string;
  @Field() occurredAt!: string;
  @Field(() => LocalDateScalar, { description: 'The institution’s day it happened.' }) date!: LocalDate;
  @Field(() => Int, { nullable: true }) transactionStatus!: number | null;
  @Field(() => MoneyScalar, { nullable: true }) balanceChange!: Cents | null;
  @Field(() => Int, { nullable: true }) ledgerTransactionId!: number | null;
  @Field(() => Int, { nullable: true }) billId!: number | null;
  @Field(() => String, { nullable: true }) agentName!: string | null;
}

@ObjectType('ReportNotification', { description: 'A message of the notification outbox and its delivery status.' })
export class ReportNotification extends ReportRowBase {
  @Field(() => Int) id!: number;
  @Field() name!: string;
  @Field(() => Int) status!: number;
  @Field() statusName!: string;
  @Field() channel!: string;
  @Field() sourceType!: string;
  @Field(() => Int) attempts!: number;
  @Field() queuedAt!: string;
  @Field(() => String, { nullable: true }) sentAt!: string | null;
  @Field(() => String, { nullable: true }) lastError!: string | null;
}

function connection<T extends object>(name: string, node: new () => T) {
  @ObjectType(`${name}Edge`)
  class Edge {
    @Field({ description: 'The cursor after this row.' }) cursor!: string;
    @Field(() => node) node!: T;
  }
  @ObjectType(`${name}Connection`, { description: `A page of ${name} rows in ascending id order.` })
  class Connection {
    @Field(() => [Edge]) edges!: Edge[];
    @Field(() => ReportPageInfo) pageInfo!: ReportPageInfo;
  }
  return Connection;
}

export const ReportAgreementConnection = connection('ReportAgreement', ReportAgreement);
export const ReportBillConnection = connection('ReportBill', ReportBill);
export const ReportDepositConnection = connection('ReportDeposit', ReportDeposit);
export const ReportLedgerTransactionConnection = connection('ReportLedgerTransaction', ReportLedgerTransaction);
export const ReportActivityConnection = connection('ReportActivity', ReportActivity);
export const ReportNotificationConnection = connection('ReportNotification', ReportNotification);

export interface ReportPage<T> {
  edges: { cursor: string; node: T }[];
  pageInfo: ReportPageInfo;
}
