import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from '../../server/src/shared/clock.js';
import { addDays, todayIn, zonedInstant, type LocalDate } from '../../server/src/shared/local-date.js';
import { SimulationClock, simulateDay } from '../../server/src/modules/core-banking/simulation.js';
import { checkLedger } from '../../server/src/modules/ledger/ledger-check.js';
import { MEMBER_TWO_ACCOUNTS, REPORTER } from '../support/demo.js';
import { startTestServer, type GraphQLBody, type TestServer } from '../support/server.js';

/**
 * The reporting API as a reporting tool uses it (issue 11 item 9): the demo data lives through a month of bank days
 * (the jobs on the simulator), then a REPORTER pulls every connection page by page (100 rows, the cursor of the
 * page before) and its totals equal the ledger self-check's (`npm run check:ledger`'s checkLedger).
 */

const DAYS = 30;

const CONNECTIONS = {
  reportAgreements: 'id status statusName startDate endDate depositAmount accountId memberId branchId',
  reportBills: 'id status dueDate paidAmount amountOwing accountId memberId branchId',
  reportDeposits: 'id status dueDate expectedAmount receivedAmount accountId memberId branchId',
  reportLedgerTransactions:
    'id type typeName effectiveDate lineCount total agreementChange moved status accountId memberId branchId',
  reportActivities: 'id type typeName date transactionStatus balanceChange accountId memberId branchId',
  reportNotifications: 'id status statusName channel queuedAt accountId memberId branchId',
} as const;
type ConnectionName = keyof typeof CONNECTIONS;
type Node = Record<string, string | number | null>;

interface Page {
  edges: { cursor: string; node: Node }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

let server: TestServer;
let reporter: string;
let first: LocalDate;
const em = () => server.app.database.orm.em.fork();

function document(name: ConnectionName): string {
  return `query Page($first: Int, $after: String, $filter: ReportFilter) {
    ${name}(first: $first, after: $after, filter: $filter) {
      edges { cursor node { ${CONNECTIONS[name]} } }
      pageInfo { hasNextPage endCursor }
    }
  }`;
}

/** Every row of a connection, 100 at a time; also how many pages it took. */
async function pullAll(
  name: ConnectionName,
  filter?: Record<string, unknown>,
): Promise<{ rows: Node[]; pages: number }> {
  const rows: Node[] = [];
  let after: string | null = null;
  let pages = 0;
  for (;;) {
    const answer: { status: number; body: GraphQLBody<Record<string, Page>> } = await server.graphql<
      Record<string, Page>
    >(document(name), { first: 100, after, filter }, reporter);
    const { status, body } = answer;
    expect(status, JSON.stringify(body.errors)).toBe(200);
    expect(body.errors).toBeUndefined();
    const page: Page = body.data![name];
    pages += 1;
    for (const edge of page.edges) rows.push(edge.node);
    if (page.edges.length) expect(page.pageInfo.endCursor).toBe(page.edges.at(-1)!.cursor);
    if (!page.pageInfo.hasNextPage) break;
    expect(page.edges).toHaveLength(100);
    after = page.pageInfo.endCursor;
  }
  const ids = rows.map((row) => Number(row.id));
  expect(ids).toEqual([...ids].sort((a, b) => a - b));
  expect(new Set(ids).size).toBe(ids.length);
  return { rows, pages };
}

beforeAll(async () => {
  first = todayIn(DEFAULT_TIME_ZONE);
  const clock = new SimulationClock(zonedInstant(first, DEFAULT_TIME_ZONE, 0, 1), DEFAULT_TIME_ZONE);
  server = await startTestServer({ clock });
  for (let i = 0; i < DAYS; i += 1) {
    await simulateDay(server.app.services.jobs, server.app.services.bankDay, em(), clock, addDays(first, i));
  }
  reporter = await server.token(...REPORTER);
}, 600_000);
afterAll(async () => {
  await server?.stop();
});

describe('reporting API: a month of the bank, page by page, as a reporter', () => {
  it('pulls every connection whole, and its totals equal check:ledger’s', async () => {
    const report = await checkLedger(em());
    expect(report.ok).toBe(true);
    const transactions = await pullAll('reportLedgerTransactions');
    const activities = await pullAll('reportActivities');
    const bills = await pullAll('reportBills');
    expect(transactions.pages).toBeGreaterThan(1);
    expect(transactions.rows).toHaveLength(report.counts.transactions);
    expect(transactions.rows.reduce((sum, row) => sum + Number(row.lineCount), 0)).toBe(report.counts.entries);
    expect(transactions.rows.filter((row) => row.total !== '0.00')).toEqual([]); // every transaction balances
    expect(activities.rows).toHaveLength(report.counts.activities);
    expect(bills.rows).toHaveLength(report.counts.bills);

    // The other three against their tables (check:ledger does not count them).
    const [counts] = await em().execute<{ agreements: number; deposits: number; notifications: number }[]>(
      `select (select count(*)::int from agreement) as agreements, (select count(*)::int from scheduled_deposit) as deposits,
              (select count(*)::int from notification) as notifications`,
    );
    expect((await pullAll('reportAgreements')).rows).toHaveLength(counts.agreements);
    expect((await pullAll('reportDeposits')).rows).toHaveLength(counts.deposits);
    expect((await pullAll('reportNotifications')).rows).toHaveLength(counts.notifications);
  }, 300_000);

  it('filters by the month’s dates, status, member and branch, consistently with the whole pull', async () => {
    const last = addDays(first, DAYS - 1);
    const all = (await pullAll('reportLedgerTransactions')).rows;
    const month = await pullAll('reportLedgerTransactions', { from: first, to: last });
    const inMonth = all.filter((row) => String(row.effectiveDate) >= first && String(row.effectiveDate) <= last);
    expect(inMonth.length).toBeGreaterThan(0);
    expect(month.rows).toEqual(inMonth);
    // The month's payments, and its deposits (type 0, 1), are each the same rows filtered by type.
    const byType = await pullAll('reportLedgerTransactions', { from: first, to: last, type: inMonth[0].type });
    expect(byType.rows).toEqual(inMonth.filter((row) => row.type === inMonth[0].type));

    const activities = (await pullAll('reportActivities')).rows;
    const activitiesInMonth = await pullAll('reportActivities', { from: first, to: last });
    expect(activitiesInMonth.rows).toEqual(
      activities.filter((row) => String(row.date) >= first && String(row.date) <= last),
    );

    const bills = (await pullAll('reportBills')).rows;
    const paid = await pullAll('reportBills', { status: 2 });
    expect(paid.rows.length).toBeGreaterThan(0);
    expect(paid.rows).toEqual(bills.filter((row) => row.status === 2));

    const [member] = await em().execute<{ id: number }[]>('select id from member where member_number = ?', [
      MEMBER_TWO_ACCOUNTS[0],
    ]);
    const held = (
      await em().execute<{ account_id: number }[]>('select account_id from member_account_link where member_id = ?', [
        member.id,
      ])
    ).map((row) => row.account_id);
    const theirs = await pullAll('reportAgreements', { memberId: member.id });
    expect(theirs.rows.length).toBeGreaterThan(0);
    expect(theirs.rows.every((row) => held.includes(Number(row.accountId)))).toBe(true);
    const agreements = (await pullAll('reportAgreements')).rows;
    expect(theirs.rows).toEqual(agreements.filter((row) => held.includes(Number(row.accountId))));

    const branchId = agreements.find((row) => row.branchId !== null)!.branchId;
    const inBranch = await pullAll('reportAgreements', { branchId });
    expect(inBranch.rows).toEqual(agreements.filter((row) => row.branchId === branchId));
    expect(inBranch.rows.length).toBeLessThan(agreements.length);
  }, 300_000);

  it('is refused to members, as for every staff-only operation, with no row', async () => {
    const member = await server.token(...MEMBER_TWO_ACCOUNTS);
    for (const name of Object.keys(CONNECTIONS) as ConnectionName[]) {
      const { body } = await server.graphql(document(name), { first: 10 }, member);
      expect(body.data).toBeNull();
      expect(body.errors?.[0]?.message).toBe('You do not have access to this.');
    }
    const { body } = await server.graphql(document('reportBills'), { first: 10 });
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('answers bad paging and filters with a clear error, never a page', async () => {
    const ask = async (name: ConnectionName, variables: Record<string, unknown>) => {
      const { status, body } = await server.graphql(document(name), variables, reporter);
      expect(status).toBe(200);
      expect(body.data).toBeNull();
      return { code: body.errors?.[0]?.extensions?.code, message: body.errors?.[0]?.message };
    };
    expect(await ask('reportBills', { first: 101 })).toEqual({
      code: 'INVALID_PAGE_SIZE',
      message: 'first must be a whole number from 1 to 100.',
    });
    const billsPage = await server.graphql<Record<string, Page>>(document('reportBills'), { first: 1 }, reporter);
    const billsCursor = billsPage.body.data!.reportBills.pageInfo.endCursor;
    expect((await ask('reportDeposits', { first: 1, after: billsCursor })).code).toBe('INVALID_CURSOR');
    expect((await ask('reportDeposits', { after: 'not-a-cursor' })).code).toBe('INVALID_CURSOR');
    expect(await ask('reportBills', { filter: { type: 1 } })).toMatchObject({ code: 'INVALID_FILTER' });
    expect(await ask('reportBills', { filter: { from: '2026-03-02', to: '2026-03-01' } })).toMatchObject({
      code: 'INVALID_DATE_RANGE',
    });
  });

  it('fits a page of 100 rows with every field inside the cost limit', async () => {
    const everything = `query {
      reportLedgerTransactions(first: 100) {
        edges { cursor node { id type typeName effectiveDate description reversesId depositId lineCount total
          agreementChange moved status activityId createdAt agreementId accountId accountNumber memberId memberNumber
          branchId branchName } }
        pageInfo { hasNextPage endCursor }
      }
    }`;
    const { body } = await server.graphql<Record<string, Page>>(everything, undefined, reporter);
    expect(body.errors).toBeUndefined();
    expect(body.data!.reportLedgerTransactions.edges).toHaveLength(100);
  });
});
