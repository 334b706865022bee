import type { EntityManager } from '@mikro-orm/postgresql';
import { requireUser } from '../../common/auth/access.js';
import type { CurrentUser } from '../../common/auth/current-user.js';
import { isStaff } from '../../common/auth/roles.js';
import { DomainError, ForbiddenError } from '../../shared/errors.js';
import type { LocalDate } from '../../shared/local-date.js';
import { sum, ZERO } from '../../shared/money.js';
import { intArray } from '../../database/bulk.js';
import { dateOf, instantOf, moneyOf, optionalDateOf, optionalMoneyOf } from '../../database/row-values.js';
import { activityTypeLabel } from '../activity/index.js';
import {
  AGREEMENT_COLUMNS,
  agreementFactsOf,
  type AgreementProjection,
  type AgreementRow,
  agreementStatusName,
  DEPOSIT_STATUS_LABELS,
  replacementOf,
  successorStartSql,
  type DepositStatus,
  type ProjectionService,
} from '../agreement/index.js';
import { agreementOwner, holderLinksOf, holderLinksSql, ownerBranchSql } from '../branch/index.js';
import { BILL_STATUS_LABELS, type BillStatus } from '../bill/index.js';
import { LedgerAccountKind, LEDGER_TRANSACTION_TYPE_LABELS, type LedgerTransactionType } from '../ledger/index.js';
import {
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_STATUS_LABELS,
  NotificationSourceType,
  type NotificationChannel,
  type NotificationStatus,
} from '../../shared/notification/notification-codes.js';
import {
  checkDateRange,
  checkWholeNumber,
  decodeCursor,
  encodeCursor,
  pageOf,
  pageSizeOf,
  type ReportConnection,
} from './reporting.rules.js';
import type {
  ReportActivity,
  ReportAgreement,
  ReportBill,
  ReportDeposit,
  ReportFilter,
  ReportLedgerTransaction,
  ReportNotification,
  ReportPage,
} from './reporting.types.js';

type Row = Record<string, unknown>;

/** How one connection reads its rows: its table (alias x), the account it belongs to, and its filterable columns. */
interface Source<T> {
  from: string;
  columns: string;
  /** The account the row belongs to. */
  account: string;
  /** The agreement the row belongs to (its preferences may choose its branch), or `null`. */
  agreement: string;
  /** The row's date for the `from`/`to` filter (a `date` expression; `?` is the institution's time zone). */
  date: string;
  dateUsesTimeZone?: boolean;
  status: string;
  type?: string;
  /** Rows that name their member directly too (activities, notifications). */
  memberColumn?: string;
  node(row: Row): T;
}

const { Allocation, RainyDay } = LedgerAccountKind;

const intOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
const textOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));
/** The version that took over from a replaced one (successorStartSql), for its status's name. */
function successorOf(startDate: unknown): { startDate: LocalDate } | null {
  const date = optionalDateOf(startDate);
  return date === null ? null : { startDate: date };
}

function owner(row: Row) {
  return {
    accountId: intOrNull(row.o_account_id),
    accountNumber: textOrNull(row.o_account_number),
    memberId: intOrNull(row.o_member_id),
    memberNumber: textOrNull(row.o_member_number),
    branchId: intOrNull(row.o_branch_id),
    branchName: textOrNull(row.o_branch_name),
  };
}

/** A report row's figures from the agreement's projection (the same as every screen's). */
function projectedFigures(projection: AgreementProjection) {
  return {
    balance: projection.balances.total,
    nextDepositDate: projection.nextDeposit?.date ?? null,
    nextDepositAmount: projection.nextDeposit?.amount ?? null,
    arrearsAmount: projection.arrears?.amount ?? ZERO,
    arrearsSince: projection.arrears?.since ?? null,
    billsDueCount: projection.billsDue.length,
    billsDueAmount: sum(projection.billsDue.map((bill) => bill.amount)),
    forecastFirstShortDate: projection.forecast?.firstShortDate ?? null,
  };
}

/** Its projection's figures are added per page (`agreements`); these are placeholders until then. */
const AGREEMENTS: Source<ReportAgreement> = {
  from: 'agreement x',
  columns: `x.id, x.status, x.version, x.previous_id, x.start_date::text as start_date, x.end_date::text as end_date,
    x.contribution_frequency, x.deposit_amount, x.created_at, x.id as agreement_id,
    ${successorStartSql('x')} as successor_start_date`,
  account: 'x.account_id',
  agreement: 'x.id',
  date: 'x.start_date',
  status: 'x.status',
  node: (row) => ({
    ...owner(row),
    id: Number(row.id),
    agreementId: Number(row.id),
    status: Number(row.status),
    statusName: agreementStatusName(
      Number(row.status),
      replacementOf({ endDate: dateOf(row.end_date) }, successorOf(row.successor_start_date)),
    ),
    version: Number(row.version),
    previousId: intOrNull(row.previous_id),
    startDate: dateOf(row.start_date),
    endDate: dateOf(row.end_date),
    contributionFrequency: Number(row.contribution_frequency),
    depositAmount: moneyOf(row.deposit_amount),
    createdAt: instantOf(row.created_at),
    nextDepositDate: null,
    balance: ZERO,
    nextDepositAmount: null,
    arrearsAmount: ZERO,
    arrearsSince: null,
    billsDueCount: 0,
    billsDueAmount: ZERO,
    forecastFirstShortDate: null,
  }),
};

const BILLS: Source<ReportBill> = {
  from: 'bill x join agreement g on g.id = x.agreement_id',
  columns: `x.id, x.agreement_id, x.biller_id, x.billing_sub_category_id, x.due_date::text as due_date, x.status,
    x.expected_amount, x.amount_allocated, x.contingency, x.paid_amount, x.paid_date::text as paid_date,
    x.amount_owing, x.is_final_bill`,
  account: 'g.account_id',
  agreement: 'x.agreement_id',
  date: 'x.due_date',
  status: 'x.status',
  node: (row) => ({
    ...owner(row),
    id: Number(row.id),
    agreementId: Number(row.agreement_id),
    billerId: intOrNull(row.biller_id),
    billingSubCategoryId: intOrNull(row.billing_sub_category_id),
    dueDate: dateOf(row.due_date),
    status: Number(row.status),
    statusName: BILL_STATUS_LABELS[Number(row.status) as BillStatus] ?? 'Unknown',
    expectedAmount: moneyOf(row.expected_amount),
    amountAllocated: moneyOf(row.amount_allocated),
    contingency: moneyOf(row.contingency),
    paidAmount: moneyOf(row.paid_amount),
    paidDate: optionalDateOf(row.paid_date),
    amountOwing: moneyOf(row.amount_owing),
    isFinalBill: Boolean(row.is_final_bill),
  }),
};

const DEPOSITS: Source<ReportDeposit> = {
  from: 'scheduled_deposit x join agreement g on g.id = x.agreement_id',
  columns: `x.id, x.agreement_id, x.due_date::text as due_date, x.status, x.expected_amount, x.received_amount,
    x.received_date::text as received_date`,
  account: 'g.account_id',
  agreement: 'x.agreement_id',
  date: 'x.due_date',
  status: 'x.status',
  node: (row) => ({
    ...owner(row),
    id: Number(row.id),
    agreementId: Number(row.agreement_id),
    dueDate: dateOf(row.due_date),
    status: Number(row.status),
    statusName: DEPOSIT_STATUS_LABELS[Number(row.status) as DepositStatus] ?? 'Unknown',
    expectedAmount: moneyOf(row.expected_amount),
    receivedAmount: moneyOf(row.received_amount),
    receivedDate: optionalDateOf(row.received_date),
  }),
};

const LEDGER_TRANSACTIONS: Source<ReportLedgerTransaction> = {
  from: `ledger_transaction x
    left join agreement g on g.id = x.agreement_id
    left join activity a on a.ledger_transaction_id = x.id
    left join lateral (
      select count(*) as line_count, coalesce(sum(e.amount), 0) as total,
             coalesce(sum(e.amount) filter (where la.kind between ${Allocation} and ${RainyDay}
                                              and la.agreement_id = x.agreement_id), 0) as agreement_change,
             coalesce(sum(e.amount) filter (where e.amount > 0), 0) as moved
      from ledger_entry e join ledger_account la on la.id = e.ledger_account_id
      where e.transaction_id = x.id
    ) lines on true`,
  columns: `x.id, x.type, x.agreement_id, x.effective_date::text as effective_date, x.description, x.reverses_id,
    x.deposit_id, x.created_at, lines.line_count, lines.total, lines.agreement_change, lines.moved,
    a.transaction_status, a.id as activity_id`,
  account: 'g.account_id',
  agreement: 'x.agreement_id',
  date: 'x.effective_date',
  status: 'a.transaction_status',
  type: 'x.type',
  node: (row) => ({
    ...owner(row),
    id: Number(row.id),
    agreementId: intOrNull(row.agreement_id),
    type: Number(row.type),
    typeName: LEDGER_TRANSACTION_TYPE_LABELS[Number(row.type) as LedgerTransactionType] ?? 'Unknown',
    effectiveDate: dateOf(row.effective_date),
    description: String(row.description ?? ''),
    reversesId: intOrNull(row.reverses_id),
    depositId: intOrNull(row.deposit_id),
    lineCount: Number(row.line_count),
    total: moneyOf(row.total),
    agreementChange: moneyOf(row.agreement_change),
    moved: moneyOf(row.moved),
    status: intOrNull(row.transaction_status),
    activityId: intOrNull(row.activity_id),
    createdAt: instantOf(row.created_at),
  }),
};

const ACTIVITIES: Source<ReportActivity> = {
  from: 'activity x',
  columns: `x.id, x.type, x.occurred_at, (x.occurred_at at time zone ?)::date::text as local_date, x.agreement_id,
    x.transaction_status, x.balance_change, x.ledger_transaction_id, x.bill_id, x.agent_name`,
  account: 'x.account_id',
  agreement: 'x.agreement_id',
  date: '(x.occurred_at at time zone ?)::date',
  dateUsesTimeZone: true,
  status: 'x.transaction_status',
  type: 'x.type',
  memberColumn: 'x.member_id',
  node: (row) => ({
    ...owner(row),
    id: Number(row.id),
    agreementId: intOrNull(row.agreement_id),
    type: Number(row.type),
    typeName: activityTypeLabel(Number(row.type)),
    occurredAt: instantOf(row.occurred_at),
    date: dateOf(row.local_date),
    transactionStatus: intOrNull(row.transaction_status),
    balanceChange: optionalMoneyOf(row.balance_change),
    ledgerTransactionId: intOrNull(row.ledger_transaction_id),
    billId: intOrNull(row.bill_id),
    agentName: textOrNull(row.agent_name),
  }),
};

const NOTIFICATIONS: Source<ReportNotification> = {
  from: 'notification x',
  columns: `x.id, x.name, x.status, x.channel, x.source_type, x.attempts, x.queued_at, x.sent_at, x.last_error,
    x.agreement_id`,
  account: 'x.account_id',
  agreement: 'x.agreement_id',
  date: '(x.queued_at at time zone ?)::date',
  dateUsesTimeZone: true,
  status: 'x.status',
  memberColumn: 'x.member_id',
  node: (row) => ({
    ...owner(row),
    id: Number(row.id),
    agreementId: intOrNull(row.agreement_id),
    name: String(row.name),
    status: Number(row.status),
    statusName: NOTIFICATION_STATUS_LABELS[Number(row.status) as NotificationStatus] ?? 'Unknown',
    channel: NOTIFICATION_CHANNEL_LABELS[Number(row.channel) as NotificationChannel] ?? 'Unknown',
    sourceType: NotificationSourceType[Number(row.source_type)] ?? 'Unknown',
    attempts: Number(row.attempts),
    queuedAt: instantOf(row.queued_at),
    sentAt: row.sent_at ? instantOf(row.sent_at) : null,
    lastError: textOrNull(row.last_error),
  }),
};

export interface ReportArgs {
  first?: number | null;
  after?: string | null;
  filter?: ReportFilter | null;
}

/**
 * The reporting API (issue 11 item 9): one keyset query per page (`id > cursor order by id limit n + 1`, no
 * OFFSET), read-only, for staff and reporters. Each row says whose it is: the account, the account's member and the
 * agreement's branch, by the reports' one rule (agreementOwner, as the at-risk worklist and the missed-deposit
 * report group; its SQL twin filters by branch).
 */
export class ReportingService {
  constructor(
    private readonly timeZone: string,
    private readonly projections: ProjectionService,
  ) {}

  /** Agreement versions, each with its projection's figures (one batch of statements for the page). */
  async agreements(
    em: EntityManager,
    user: CurrentUser | null,
    args: ReportArgs,
  ): Promise<ReportPage<ReportAgreement>> {
    const page = await this.page(em, user, 'agreements', AGREEMENTS, args);
    const ids = page.edges.map((edge) => edge.node.id);
    const rows =
      ids.length === 0
        ? []
        : await em.execute<AgreementRow[]>(
            `select ${AGREEMENT_COLUMNS} from agreement g left join overdraw_rule r on r.id = g.overdraw_rule_id
             where g.id = any(?::int[])`,
            [intArray(ids)],
          );
    const projections = await this.projections.forAgreements(
      em,
      rows.map((row) => agreementFactsOf(row)!),
    );
    for (const { node } of page.edges) Object.assign(node, projectedFigures(projections.get(node.id)!));
    return page;
  }

  bills(em: EntityManager, user: CurrentUser | null, args: ReportArgs): Promise<ReportPage<ReportBill>> {
    return this.page(em, user, 'bills', BILLS, args);
  }

  deposits(em: EntityManager, user: CurrentUser | null, args: ReportArgs): Promise<ReportPage<ReportDeposit>> {
    return this.page(em, user, 'deposits', DEPOSITS, args);
  }

  ledgerTransactions(
    em: EntityManager,
    user: CurrentUser | null,
    args: ReportArgs,
  ): Promise<ReportPage<ReportLedgerTransaction>> {
    return this.page(em, user, 'ledgerTransactions', LEDGER_TRANSACTIONS, args);
  }

  activities(em: EntityManager, user: CurrentUser | null, args: ReportArgs): Promise<ReportPage<ReportActivity>> {
    return this.page(em, user, 'activities', ACTIVITIES, args);
  }

  notifications(
    em: EntityManager,
    user: CurrentUser | null,
    args: ReportArgs,
  ): Promise<ReportPage<ReportNotification>> {
    return this.page(em, user, 'notifications', NOTIFICATIONS, args);
  }

  private async page<T>(
    em: EntityManager,
    user: CurrentUser | null,
    connection: ReportConnection,
    source: Source<T>,
    args: ReportArgs,
  ): Promise<ReportPage<T>> {
    if (!isStaff(requireUser(user).roles)) throw new ForbiddenError();
    const size = pageSizeOf(args.first);
    const after = decodeCursor(connection, args.after);
    const filter = args.filter ?? {};
    checkWholeNumber('status', filter.status, 0);
    checkWholeNumber('type', filter.type, 0);
    checkWholeNumber('branchId', filter.branchId, 1);
    checkWholeNumber('memberId', filter.memberId, 1);
    checkDateRange(filter.from, filter.to);
    if (filter.type !== null && filter.type !== undefined && !source.type) {
      throw new DomainError(
        'INVALID_FILTER',
        'type filters ledger transactions and activities only; leave it out here.',
        'type',
      );
    }

    const params: unknown[] = [];
    if (source.columns.includes('?')) params.push(this.timeZone);
    const conditions: string[] = [];
    const where = (sql: string, ...values: unknown[]) => {
      conditions.push(sql);
      params.push(...values);
    };
    if (after !== null) where('x.id > ?', after);
    if (filter.status !== null && filter.status !== undefined) where(`${source.status} = ?`, filter.status);
    if (filter.type !== null && filter.type !== undefined) where(`${source.type} = ?`, filter.type);
    if (filter.branchId) where(`${ownerBranchSql('ac.id', source.agreement)} = ?`, filter.branchId);
    if (filter.memberId) {
      const held = `exists (select 1 from member_account_link ml where ml.account_id = ${source.account} and ml.member_id = ?)`;
      if (source.memberColumn) where(`(${source.memberColumn} = ? or ${held})`, filter.memberId, filter.memberId);
      else where(held, filter.memberId);
    }
    const tz = source.dateUsesTimeZone ? [this.timeZone] : [];
    if (filter.from) where(`${source.date} >= ?::date`, ...tz, filter.from);
    if (filter.to) where(`${source.date} <= ?::date`, ...tz, filter.to);
    params.push(size + 1);

    const rows = await em.execute<Row[]>(
      `select ${source.columns},
              ac.id as o_account_id, ac.account_number as o_account_number, ${holderLinksSql('ac.id')} as o_links,
              (select cp.branch_id from contract_preferences cp where cp.agreement_id = ${source.agreement})
                as o_preference
       from ${source.from}
       left join account ac on ac.id = ${source.account}
       ${conditions.length ? `where ${conditions.join(' and ')}` : ''}
       order by x.id
       limit ?`,
      params,
    );
    await this.nameOwners(em, rows);
    const page = pageOf(
      connection,
      rows.map((row) => ({ id: Number(row.id), row })),
      size,
    );
    return {
      edges: page.rows.map(({ id, row }) => ({ cursor: encodeCursor(connection, id), node: source.node(row) })),
      pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.endCursor },
    };
  }

  /** Each row's member and branch by agreementOwner, written into the o_ columns the nodes read. */
  private async nameOwners(em: EntityManager, rows: Row[]): Promise<void> {
    const owners = rows.map((row) => {
      const links = holderLinksOf(row.o_links);
      const owner = agreementOwner(links, intOrNull(row.o_preference));
      return { owner, member: links.find((link) => link.isActive && link.memberId === owner.memberId) };
    });
    const ids = [...new Set(owners.map(({ owner }) => owner.branchId).filter((id) => id !== null))];
    const names = new Map(
      ids.length === 0
        ? []
        : (
            await em.execute<{ id: number; name: string }[]>('select id, name from branch where id = any(?::int[])', [
              intArray(ids),
            ])
          ).map((b) => [Number(b.id), b.name]),
    );
    rows.forEach((row, i) => {
      const { owner, member } = owners[i];
      row.o_member_id = owner.memberId;
      row.o_member_number = member?.memberNumber ?? null;
      row.o_branch_id = owner.branchId;
      row.o_branch_name = owner.branchId === null ? null : (names.get(owner.branchId) ?? null);
    });
  }
}
