import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, type LocalDate } from '../../server/src/shared/local-date.js';
import { AGENT, MEMBER_LOCKED, MEMBER_MISSED_DEPOSIT, MEMBER_RESIGNED, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import {
  accountWithStatus,
  gql,
  memberIdOf,
  PROJECTION,
  session,
  sql,
  SUMMARY,
  type Session,
} from './portal-support.js';

/**
 * Issue 25's "What was seen", items 1-3 and 5, on the demo data: each figure is the agreement's projection, the same
 * on every screen. Each test fails on the code before the projection (forecast from the planner, next deposit from the
 * stored column, the manual bills only, the biller's own value, a green badge for a resigned member).
 */

interface DueBill {
  billId: number;
  billerName: string;
  dueDate: string;
  amount: string;
  status: string;
  overdue: boolean;
  onHold: boolean;
  isAutoPayment: boolean;
}
interface Projection {
  asOf: string;
  balances: { total: string };
  nextDeposit: { date: string; amount: string } | null;
  arrears: { amount: string; since: string; missedDeposits: number } | null;
  billsDue: DueBill[];
  verdict: {
    tone: string;
    headline: string;
    firstShortDate: string | null;
    shortBill: DueBill | null;
    lowestPoint: { date: string; balance: string } | null;
  };
  billsPayable: boolean;
}
interface Overview {
  agreement: { contractId: number; statusTone: string; nextDepositDate: string | null; depositAmount: string };
  projection: Projection;
  autoBillers: { nickname: string; amount: string; nextDueDate: string | null }[];
  manualBillers: { nickname: string; amount: string; nextDueDate: string | null }[];
}

const OVERVIEW = `query($m: Int!, $a: Int!) { accountOverview(memberId: $m, accountId: $a) {
  agreement { ${SUMMARY} } projection { ${PROJECTION} } } }`;
const BILLERS = `query($m: Int!, $a: Int!) { accountOverview(memberId: $m, accountId: $a) {
  autoBillers { nickname amount nextDueDate } manualBillers { nickname amount nextDueDate } } }`;
const GRAPHS = `query($m: Int!, $a: Int!) { agreementGraphs(memberId: $m, accountId: $a, step: 1) {
  forecast { points { date balance } } } }`;
const PAY = `mutation($input: PayBillInput!) { payBill(input: $input) { ok errors { code message } } }`;
const DASHBOARD = `query($m: Int!, $a: Int!) { billsDueForPayment(memberId: $m, accountId: $a, pageSize: 100) {
  items { billId nickname amountAllocated expectedDueDate status } } }`;
const AT_RISK = `query { atRiskAgreements(weeks: 26) { items { agreementId firstShortDate lowestPoint { date balance } } } }`;
const REPORT = `query($input: MissedDepositReportInput!) { missedDepositReport(input: $input) {
  groups { records { agreementNumber totalValueInArrears nextDepositDate missedDeposits } } } }`;

let server: TestServer;
let staff: Session;
let today: LocalDate;

beforeAll(async () => {
  server = await startTestServer();
  staff = await session(server, AGENT);
  today = server.app.services.clock.today();
});
afterAll(() => server?.stop());

async function overviewOf(who: Session, memberId: number, accountId: number): Promise<Overview> {
  const body = await gql<{ accountOverview: Overview }>(server, who, OVERVIEW, { m: memberId, a: accountId });
  expect(body.errors).toBeUndefined();
  const billers = await gql<{ accountOverview: Overview }>(server, who, BILLERS, { m: memberId, a: accountId });
  return { ...body.data!.accountOverview, ...billers.data!.accountOverview };
}

async function forecastOf(who: Session, memberId: number, accountId: number): Promise<Map<string, number>> {
  const body = await gql<{ agreementGraphs: { forecast: { points: { date: string; balance: string }[] } } }>(
    server,
    who,
    GRAPHS,
    { m: memberId, a: accountId },
  );
  return new Map(body.data!.agreementGraphs.forecast.points.map((p) => [p.date, Math.round(Number(p.balance) * 100)]));
}

const cents = (money: string) => Math.round(Number(money) * 100);

describe('seen 1: the forecast', () => {
  it('does not subtract a bill paid early again: from its due date on, the forecast is as before', async () => {
    const member = await session(server, MEMBER_TWO_ACCOUNTS);
    const memberId = Number(member.memberId);
    const { accountId, agreementId } = await accountWithStatus(server, memberId, 7);
    // A BPAY or EFT bill of a biller paid by hand, due in a week or more, small enough for the allocation to pay.
    const [bill] = await sql<{ id: number; due: string; amount: string }>(
      server,
      `select b.id, b.due_date::text as due, b.expected_amount::text as amount from bill b join biller r on r.id = b.biller_id
       where b.agreement_id = ? and b.status in (0, 6) and r.status = 1 and not r.is_auto_payment
         and r.payment_method in (0, 1) and b.due_date > ?::date + 7 and b.expected_amount <= 200
       order by b.due_date limit 1`,
      [agreementId, today],
    );
    expect(bill).toBeDefined();
    const before = await forecastOf(member, memberId, accountId);
    const paid = await gql<{ payBill: { ok: boolean; errors: unknown[] } }>(server, member, PAY, {
      input: { billId: Number(bill.id), billAmount: bill.amount, idempotencyKey: randomUUID() },
    });
    expect(paid.data?.payBill).toEqual({ ok: true, errors: [] });
    const after = await forecastOf(member, memberId, accountId);
    expect([...after.keys()]).toEqual([...before.keys()]);
    for (const [date, balance] of before) {
      // Paid today: the money left today, and the bill no longer falls due on its date.
      const expected = date < bill.due ? balance - cents(bill.amount) : balance;
      expect(`${date} ${after.get(date)}`).toBe(`${date} ${expected}`);
    }
    // The at-risk list reads the same forecast: the same first short day and lowest point as the member's verdict.
    const overview = await overviewOf(member, memberId, accountId);
    expect(overview.projection.verdict.shortBill?.billId).not.toBe(Number(bill.id));
    const list = (
      await gql<{ atRiskAgreements: { items: { agreementId: number; firstShortDate: string }[] } }>(
        server,
        staff,
        AT_RISK,
      )
    ).data!.atRiskAgreements.items;
    const item = list.find((one) => one.agreementId === agreementId);
    const short = overview.projection.verdict.firstShortDate;
    if (short !== null && short <= addDays(today, 26 * 7 - 1)) expect(item).toMatchObject({ firstShortDate: short });
    else expect(item).toBeUndefined();
  });

  it('counts a deposit once: the first day of the forecast is today’s balance less what is due, never plus a deposit received', async () => {
    const member = await session(server, MEMBER_TWO_ACCOUNTS);
    const memberId = Number(member.memberId);
    const { accountId, agreementId } = await accountWithStatus(server, memberId, 7);
    // The last deposit received is in the balance; a deposit on the forecast's first day is one still to arrive.
    const [row] = await sql<{ total: string; due: string; pending: string }>(
      server,
      `select (select coalesce(sum(e.amount), 0) from ledger_entry e join ledger_account la on la.id = e.ledger_account_id
               where la.agreement_id = ?)::text as total,
              (select coalesce(sum(b.expected_amount), 0) from bill b
               left join biller r on r.id = b.biller_id left join billing_sub_category s on s.id = b.billing_sub_category_id
               where b.agreement_id = ? and b.status in (0, 1, 4, 5, 6) and b.due_date <= ?::date
                 and coalesce(r.status, s.status) <> 3)::text as due,
              (select coalesce(sum(d.expected_amount - d.received_amount), 0) from scheduled_deposit d
               where d.agreement_id = ? and d.status = 0 and d.due_date <= ?::date)::text as pending`,
      [agreementId, agreementId, today, agreementId, today],
    );
    const forecast = await forecastOf(member, memberId, accountId);
    expect(forecast.get(today)).toBe(cents(row.total) + cents(row.pending) - cents(row.due));
  });
});

describe('seen 2: the next deposit is never in the past, and the same everywhere', () => {
  it('is the first scheduled deposit from today for every demo agreement, in the overview and the report', async () => {
    const report = (
      await gql<{
        missedDepositReport: { groups: { records: { agreementNumber: number; nextDepositDate: string | null }[] }[] };
      }>(server, staff, REPORT, {
        input: { branchIds: (await sql<{ id: number }>(server, 'select id from branch')).map((b) => b.id) },
      })
    ).data!.missedDepositReport.groups.flatMap((group) => group.records);
    const accounts = await sql<{ member_id: number; account_id: number; agreement_id: number; stored: string | null }>(
      server,
      `select l.member_id, g.account_id, g.id as agreement_id, g.next_deposit_date::text as stored
       from agreement g join member_account_link l on l.account_id = g.account_id and l.is_primary
       where g.status in (4, 7, 8)`,
    );
    expect(accounts.length).toBeGreaterThan(2);
    let stale = 0;
    for (const account of accounts) {
      const overview = await overviewOf(staff, Number(account.member_id), Number(account.account_id));
      const [first] = await sql<{ due: string | null }>(
        server,
        `select min(due_date)::text as due from scheduled_deposit where agreement_id = ? and status = 0 and due_date >= ?::date`,
        [account.agreement_id, today],
      );
      expect(overview.projection.nextDeposit?.date ?? null).toBe(first.due);
      expect(overview.agreement.nextDepositDate).toBe(first.due);
      if (first.due !== null) expect(first.due >= today).toBe(true);
      if (account.stored !== null && account.stored < today) stale += 1;
      const row = report.find((record) => record.agreementNumber === Number(account.agreement_id));
      if (row) expect(row.nextDepositDate).toBe(first.due);
    }
    // The demo data has stored next-deposit dates in the past (what the overview used to show).
    expect(stale).toBeGreaterThan(0);
  });

  it('gives 100002 (in arrears) the report’s arrears and next deposit', async () => {
    const member = await session(server, MEMBER_MISSED_DEPOSIT);
    const memberId = Number(member.memberId);
    const { accountId, agreementId } = await accountWithStatus(server, memberId, 4);
    const overview = await overviewOf(member, memberId, accountId);
    const branches = (await sql<{ id: number }>(server, 'select id from branch')).map((b) => b.id);
    const records = (
      await gql<{
        missedDepositReport: {
          groups: {
            records: {
              agreementNumber: number;
              totalValueInArrears: string;
              nextDepositDate: string;
              missedDeposits: number;
            }[];
          }[];
        };
      }>(server, staff, REPORT, { input: { branchIds: branches } })
    ).data!.missedDepositReport.groups.flatMap((group) => group.records);
    const row = records.find((record) => record.agreementNumber === agreementId)!;
    expect(overview.projection.arrears).toMatchObject({
      amount: row.totalValueInArrears,
      missedDeposits: row.missedDeposits,
    });
    expect(overview.projection.nextDeposit?.date).toBe(row.nextDepositDate);
  });
});

describe('seen 3: the screens agree', () => {
  it('lists in What’s next every bill Pay a bill lists as due (100002: automatic ones too), at the same amounts', async () => {
    const member = await session(server, MEMBER_MISSED_DEPOSIT);
    const memberId = Number(member.memberId);
    const { accountId } = await accountWithStatus(server, memberId, 4);
    const overview = await overviewOf(member, memberId, accountId);
    const dashboard = (
      await gql<{
        billsDueForPayment: {
          items: { billId: number; nickname: string; amountAllocated: string; expectedDueDate: string }[];
        };
      }>(server, member, DASHBOARD, { m: memberId, a: accountId })
    ).data!.billsDueForPayment.items;
    expect(dashboard.length).toBeGreaterThan(0);
    const due = new Map(overview.projection.billsDue.map((bill) => [bill.billId, bill]));
    for (const item of dashboard) {
      expect(due.get(item.billId)).toMatchObject({
        billerName: item.nickname,
        amount: item.amountAllocated,
        dueDate: item.expectedDueDate,
      });
    }
    expect(overview.projection.billsDue.some((bill) => bill.isAutoPayment)).toBe(true);
  });

  it('shows each biller at its next bill’s amount, as the bills due do (100003: Electricity)', async () => {
    const member = await session(server, MEMBER_LOCKED);
    const memberId = Number(member.memberId);
    const { accountId } = await accountWithStatus(server, memberId, 8);
    const overview = await overviewOf(member, memberId, accountId);
    const billers = [...overview.autoBillers, ...overview.manualBillers];
    let compared = 0;
    for (const bill of overview.projection.billsDue) {
      const biller = billers.find((one) => one.nickname === bill.billerName && one.nextDueDate === bill.dueDate);
      if (!biller) continue;
      expect(`${bill.billerName} ${biller.amount}`).toBe(`${bill.billerName} ${bill.amount}`);
      compared += 1;
    }
    expect(compared).toBeGreaterThan(0);
    // A season biller whose stored value is not its next bill's (the demo's Electricity: $420, off-peak $380).
    const [season] = await sql<{ nickname: string; value: string }>(
      server,
      `select r.nickname, r.expected_bill_value::text as value from biller r join agreement g on g.id = r.agreement_id
       join member_account_link l on l.account_id = g.account_id where l.member_id = ? and g.status = 8 and r.is_season_bill`,
      [memberId],
    );
    if (season) {
      const row = billers.find((one) => one.nickname === season.nickname)!;
      const [next] = await sql<{ amount: string }>(
        server,
        `select b.expected_amount::text as amount from bill b join biller r on r.id = b.biller_id
         join agreement g on g.id = b.agreement_id join member_account_link l on l.account_id = g.account_id
         where l.member_id = ? and g.status = 8 and r.nickname = ? and b.status in (0, 1, 4, 5, 6) order by b.due_date limit 1`,
        [memberId, season.nickname],
      );
      expect(row.amount).toBe(next.amount);
    }
  });

  it('takes the overdue bills into the forecast and lists them (100003: the automatic Childcare bills)', async () => {
    const member = await session(server, MEMBER_LOCKED);
    const memberId = Number(member.memberId);
    const { accountId, agreementId } = await accountWithStatus(server, memberId, 8);
    const overview = await overviewOf(member, memberId, accountId);
    const overdue = await sql<{ id: number; amount: string }>(
      server,
      `select b.id, b.expected_amount::text as amount from bill b join biller r on r.id = b.biller_id
       where b.agreement_id = ? and b.status in (1, 4) and b.due_date < ?::date and r.status <> 3`,
      [agreementId, today],
    );
    expect(overdue.length).toBeGreaterThan(0);
    const listed = new Set(overview.projection.billsDue.filter((bill) => bill.overdue).map((bill) => bill.billId));
    for (const bill of overdue) expect(listed.has(Number(bill.id))).toBe(true);
    const forecast = await forecastOf(member, memberId, accountId);
    const total = cents(overview.projection.balances.total);
    expect(forecast.get(today)! <= total - overdue.reduce((sum, bill) => sum + cents(bill.amount), 0)).toBe(true);
  });

  it('marks a resigned member’s agreement suspended, never green (100005)', async () => {
    const member = await session(server, MEMBER_RESIGNED);
    const memberId = Number(member.memberId);
    const { accountId } = await accountWithStatus(server, memberId, 7);
    const overview = await overviewOf(member, memberId, accountId);
    expect(overview.agreement.statusTone).toBe('warning');
    expect(overview.projection.verdict).toMatchObject({ tone: 'suspended', headline: 'Suspended' });
    expect(overview.projection.billsPayable).toBe(false);
  });
});

describe('seen 5: the staff overview of a pending agreement', () => {
  it('is the member’s: the same deposit, next deposit, bills and forecast, and no Pay', async () => {
    const member = await session(server, MEMBER_TWO_ACCOUNTS);
    const memberId = await memberIdOf(server, '100001');
    const { accountId } = await accountWithStatus(server, memberId, 0);
    const mine = await overviewOf(member, memberId, accountId);
    const theirs = await overviewOf(staff, memberId, accountId);
    expect(theirs.agreement).toEqual(mine.agreement);
    expect(theirs.projection).toEqual(mine.projection);
    expect(cents(mine.agreement.depositAmount)).toBeGreaterThan(0);
    expect(mine.projection.nextDeposit).not.toBeNull();
    expect(mine.projection.billsPayable).toBe(false);
    expect(mine.projection.verdict.tone).not.toBe('unknown');
    expect(theirs.autoBillers.length + theirs.manualBillers.length).toBeGreaterThan(0);
  });
});
