import type { EntityManager } from '@mikro-orm/postgresql';
import type { CurrentUser } from '../../server/src/common/auth/current-user.js';
import { Role } from '../../server/src/common/auth/roles.js';
import type { GraphQLBody, TestServer } from '../support/server.js';
import { AgreementStatus } from '../../server/src/shared/agreement-status.js';
import { BillStatus } from '../../server/src/shared/bill/bill-status.rules.js';
import { TransactionStatus } from '../../server/src/shared/transaction-status.js';
import { LedgerTransactionType } from '../../server/src/modules/ledger/ledger-transaction-type.js';
import { LedgerService } from '../../server/src/modules/ledger/ledger.service.js';
import { external, linkedAccount } from '../../server/src/modules/ledger/ledger.types.js';
import { cents } from '../../server/src/shared/money.js';

export { TransactionStatus };

/** The code tables whose names GraphQL sends in an overview's `status` fields (their names do not overlap). */
export const OVERVIEW_CODES = [AgreementStatus, BillStatus] as const;

/**
 * GraphQL's answer as the REST façade gives it (issue 25 item 5): GraphQL names the spec's codes (enums), REST keeps
 * the numbers. Every `status` (or `transactionStatus`) holding a name from one of `tables` becomes its code.
 */
export function asRestCodes<T>(value: T, tables: readonly Record<string, string | number>[] = OVERVIEW_CODES): T {
  if (Array.isArray(value)) return value.map((item: unknown) => asRestCodes(item, tables)) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      if ((key === 'status' || key === 'transactionStatus') && typeof item === 'string') {
        const table = tables.find((codes) => typeof codes[item] === 'number');
        if (table) return [key, table[item]];
      }
      return [key, asRestCodes(item, tables)];
    }),
  ) as T;
}

/** Shared by the portal-*.test.ts files: sessions, GraphQL and REST calls, SQL on the server's database. */

export interface Session {
  token: string;
  memberId: number | null;
}

export async function session(server: TestServer, login: readonly [string, string]): Promise<Session> {
  const body = await server.signIn(...login);
  if (typeof body.access_token !== 'string') throw new Error(`Sign-in failed: ${JSON.stringify(body)}`);
  return { token: body.access_token, memberId: body.memberId === undefined ? null : Number(body.memberId) };
}

export async function gql<T>(
  server: TestServer,
  who: Session,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<GraphQLBody<T>> {
  return (await server.graphql<T>(query, variables, who.token)).body;
}

export async function rest(server: TestServer, who: Session, path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${who.token}` } });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // a text answer (true/false, an account number)
  }
  return { status: response.status, body };
}

export function em(server: TestServer): EntityManager {
  return server.app.database.orm.em.fork() as EntityManager;
}

export async function sql<T = Record<string, unknown>>(server: TestServer, text: string, params: unknown[] = []) {
  return em(server).execute<T[]>(text, params);
}

/**
 * Waits until a statement of this test's database (`query`: how its text begins, or any) waits for a lock another
 * connection holds (PostgreSQL), polling every 50 ms; throws `${what} never waited for the lock` after `timeoutMs`.
 */
export async function untilWaitingForLock(
  server: TestServer,
  what: string,
  { query, timeoutMs = 30_000 }: { query?: string; timeoutMs?: number } = {},
): Promise<void> {
  for (let waited = 0; ; waited += 50) {
    const [{ n }] = await sql<{ n: number }>(
      server,
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and (?::text is null or query like ?)`,
      [query ?? null, `${query ?? ''}%`],
    );
    if (n > 0) return;
    if (waited > timeoutMs) throw new Error(`${what} never waited for the lock`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function memberIdOf(server: TestServer, memberNumber: string): Promise<number> {
  const [row] = await sql<{ id: number }>(server, 'select id from member where member_number = ?', [memberNumber]);
  return Number(row.id);
}

/** A demo staff user as the services see their caller: for a test that calls a service in a transaction of its own. */
export async function staffCaller(server: TestServer, username = 'agent', role = Role.AGENT): Promise<CurrentUser> {
  const [row] = await sql<{ id: number; display_name: string }>(
    server,
    'select id, display_name from app_user where username = ?',
    [username],
  );
  return {
    userId: Number(row.id),
    sessionId: 'test',
    username,
    displayName: row.display_name,
    roles: [role],
    memberId: null,
  };
}

/** The member's first account whose current agreement has the status. */
export async function accountWithStatus(server: TestServer, memberId: number, status: number) {
  const [row] = await sql<{ account_id: number; agreement_id: number }>(
    server,
    `select g.account_id, g.id as agreement_id from agreement g
     join member_account_link l on l.account_id = g.account_id
     where l.member_id = ? and g.status = ? order by g.id desc limit 1`,
    [memberId, status],
  );
  if (!row) throw new Error(`Member ${memberId} has no agreement in status ${status}`);
  return { accountId: Number(row.account_id), agreementId: Number(row.agreement_id) };
}

export function codes(body: GraphQLBody<unknown>): unknown[] {
  return (body.errors ?? []).map((error) => error.extensions?.code);
}

/** Each error's path (dotted) and code. */
export function pathCodes(body: GraphQLBody<unknown>): [string, unknown][] {
  return (body.errors ?? []).map((error) => [
    ((error as { path?: (string | number)[] }).path ?? []).join('.'),
    error.extensions?.code,
  ]);
}

const BILLER = `billerId isSubCategory nickname categoryName paymentType frequency frequencyName amount onHold nextDueDate payBillId
  bills { billId dueDate amount status statusName paidAmount paidDate }`;
export const SUMMARY = `contractId status statusName statusTone billersOnHold { billerId billerName date message }
  contributionFrequency contributionFrequencyName depositAmount nextDepositAmount nextDepositDate depositWords
  overdrawRuleDuration
  overrideOverdrawRule overrideOverdrawRuleDuration startDate endDate balances { allocation contingency rainyDay total }`;
export const TOTALS = 'payment agreementChange notification note';
export const DUE_BILL =
  'billId billerName dueDate amount status overdue onHold isAutoPayment isSubCategory isReimbursement';
/** Every field of the agreement's projection (the agreement as of today). */
export const PROJECTION = `agreementId asOf balances { allocation contingency rainyDay total }
  nextDeposit { date amount } arrears { amount since missedDeposits } billsDue { ${DUE_BILL} }
  verdict { tone headline details onTrack until firstShortDate firstShortfall shortBill { ${DUE_BILL} }
    lowestPoint { date balance } topUpToAvoid depositToAvoid beyondApprovedOverdraw }
  billsPayable`;

/**
 * Every field of AccountOverview but the staff-only notes and manualBillers, which are asked for on their own
 * (OVERVIEW_MANUAL): the two documents the client sent before its one overview query (OverviewPage).
 */
export const OVERVIEW_FIELDS = `accountId memberId agreement { ${SUMMARY} } projection { ${PROJECTION} }
  allocationByCategory { categoryId categoryName amount }
  autoBillers { ${BILLER} }
  upcomingBills { billId billerName dueDate amount status isReimbursement onHold }
  activityTotals { ${TOTALS} }`;
export const OVERVIEW_MANUAL = `query($m: Int!, $a: Int!) { accountOverview(memberId: $m, accountId: $a) {
  manualBillers { ${BILLER} } } }`;
export const NOTE_FIELDS = 'noteId text dateCreated createdBy entityId entityType';

/** Every field of Activity but the staff-only notes and agentName. */
export const ACTIVITY_FIELDS = `activityId date type label filter details detailsKind
  modificationChanges { field before after } balanceChange formattedBalance transactionId transactionStatus
  transactionStatusName transactionStatusClass isPending contractId topupAmount contingencyAmount`;

export const OVERVIEW = `query($m: Int!, $a: Int!) { accountOverview(memberId: $m, accountId: $a) { ${OVERVIEW_FIELDS} } }`;
export const OVERVIEW_WITH_NOTES = `query($m: Int!, $a: Int!) {
  accountOverview(memberId: $m, accountId: $a) { ${OVERVIEW_FIELDS} notes { ${NOTE_FIELDS} } } }`;
export const ACTIVITIES = `query($m: Int!, $a: Int!, $f: [ActivityFilter!], $p: Int, $s: Int) {
  activities(memberId: $m, accountId: $a, filters: $f, page: $p, pageSize: $s) {
    page pageSize totalCount totals { ${TOTALS} } items { ${ACTIVITY_FIELDS} } } }`;

/**
 * The member's first active linked account (a savings account) credited $10,000.00 by the bank ("Salary", today):
 * enough for any catch-up. Answers the account and the posting.
 */
export async function salaryInto(server: TestServer, memberId: number) {
  const [linked] = await sql<{ id: number; account_number: string }>(
    server,
    'select id, account_number from linked_account where member_id = ? and is_active order by id limit 1',
    [memberId],
  );
  const account = { id: Number(linked.id), accountNumber: linked.account_number };
  const posted = await em(server).transactional((tx) =>
    new LedgerService().post(tx, {
      type: LedgerTransactionType.CoreBankingCredit,
      memberId,
      effectiveDate: server.app.services.projections.today(),
      description: 'Salary',
      lines: [
        { account: external(), amount: cents(-1_000_000) },
        { account: linkedAccount(account.id), amount: cents(1_000_000) },
      ],
    }),
  );
  return { account, posted };
}
