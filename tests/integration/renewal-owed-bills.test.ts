import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLY_CHANGE_JOB } from '../../server/src/modules/agreement/change-jobs.js';
import { SimulationClock } from '../../server/src/modules/core-banking/simulation.js';
import { agreementBalances } from '../../server/src/modules/ledger/ledger-balances.js';
import { OWED_STATUSES } from '../../server/src/shared/bill/bill-status.rules.js';
import { addDays, zonedInstant, type LocalDate } from '../../server/src/shared/local-date.js';
import { cents, parseMoney, toDecimalString } from '../../server/src/shared/money.js';
import { AGENT, MEMBER_PASSWORD, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { DEMO_DAY } from '../support/demo-day.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { agreementInForce, sql, storedPlanLines } from './biller-wizard.fixtures.js';
import { salaryIntoRainyDay } from './ledger-fixture.js';

/**
 * A renewal of an agreement that still owes overdue bills (the demo's member 100001: bills due before today, unpaid or
 * failed). When the renewal takes over, those bills follow their billers into it with the money held for them (the
 * carry-over; the old version is left with nothing): the renewal has to pay them. So its stored plan opens with that
 * money and owes them on its first day, as a modification's does (`held-bills.ts`); before, it opened with the money
 * and owed nothing, its lines and deposit split as if the bills were paid. Its deposits step, read before it took over,
 * opens with the version in force's forecast closing balance (which has paid them) plus their money and owes them on
 * its first day with their contingency: its figures are the overview's forecast after the takeover. Before, the step
 * did not count them (nor their contingency) and opened with the closing balance alone.
 *
 * The demo's agreements end more than a year ahead: the version in force is made to end today (its bills and
 * deposits from today on are taken out, a payment still pending is dated today), so that nothing but its overdue
 * bills is left between today and the takeover, and its forecast is what happens.
 */
const TZ = 'Australia/Sydney';
const TODAY = DEMO_DAY;
const FIRST_DAY = addDays(TODAY, 1);
const clock = new SimulationClock(zonedInstant(TODAY, TZ, 10), TZ);

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
let staff: string;
let member: string;
let inForce: { accountId: number; agreementId: number };
let memberId: number;
let renewalId: number;
/** The old term's bills still owed and overdue today. */
let overdue: { id: number; amount: number; contingency: number }[];
/** The renewal's deposits step as staff saved it (GraphQL), and its REST twin's payment details. */
let saved: Row;
let restDetails: Row;
/** What the version in force holds the evening before the takeover. */
let heldBefore: number;

const em = () => server.app.database.orm.em.fork();
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

async function gql<T>(query: string, variables: Record<string, unknown>, token: string): Promise<T> {
  const { body } = await server.graphql<T>(query, variables, token);
  if (!body.data) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

const STEP = `query($id: Int!) { agreementDeposits(agreementId: $id) { step {
    plan { depositAmount depositCount required { amount totalExpenses openingBalance toBeDeposited }
      forecast { lowestPoint { date balance } }
      breakdown { lines { kind billerKey label amount periodTotal billCount } } }
    paymentDetails { totalOverDrawOfAmount contractTopupAmount hasOverDrawOfAmount totalContractValue } }
  errors { code field message } } }`;

/** The renewal's unpaid bills once it took over: what the overview's forecast takes out. */
const owedByRenewal = () =>
  sql<{ biller_id: number | null; sub_id: number | null; due_date: string; amount: string; contingency: string }>(
    server,
    `select biller_id, billing_sub_category_id as sub_id, due_date::text as due_date,
       expected_amount::text as amount, contingency::text as contingency
     from bill b join agreement g on g.id = b.agreement_id
     where b.agreement_id = ? and b.status = any(?::smallint[]) and b.due_date <= g.end_date`,
    [renewalId, `{${OWED_STATUSES.join(',')}}`],
  );

beforeAll(async () => {
  server = await startTestServer({ clock });
  staff = await server.token(...AGENT);
  member = await server.token(MEMBER_TWO_ACCOUNTS[0], MEMBER_PASSWORD);
  inForce = await agreementInForce(server, MEMBER_TWO_ACCOUNTS[0]);
  const { agreementId } = inForce;
  const [link] = await sql<{ member_id: number; linked_id: number }>(
    server,
    `select m.id as member_id, l.id as linked_id from member m join linked_account l on l.member_id = m.id
     where m.member_number = ? and l.is_active order by l.id limit 1`,
    [MEMBER_TWO_ACCOUNTS[0]],
  );
  memberId = Number(link.member_id);
  // The term ends today: nothing of it is left to come but its overdue bills.
  const owed = `{${OWED_STATUSES.join(',')}}`;
  await sql(server, 'update agreement set end_date = ?::date where id = ?', [TODAY, agreementId]);
  await sql(
    server,
    `delete from bill b where b.agreement_id = ? and b.due_date >= ?::date and b.status = any(?::smallint[])
       and not exists (select 1 from bill_money_source m where m.bill_id = b.id)`,
    [agreementId, TODAY, owed],
  );
  await sql(
    server,
    'update bill set due_date = ?::date, due_date_no_offset = ?::date where agreement_id = ? and due_date > ?::date',
    [TODAY, TODAY, agreementId, TODAY],
  );
  await sql(
    server,
    'delete from scheduled_deposit where agreement_id = ? and due_date >= ?::date and received_amount = 0',
    [agreementId, TODAY],
  );
  // Enough held that the renewal's first weeks stay above zero (the step would ask for the overdraw choice).
  await em().transactional((tx) =>
    salaryIntoRainyDay(tx, {
      memberId,
      agreementId,
      linkedAccountId: Number(link.linked_id),
      amount: cents(3_000_00),
      date: TODAY,
    }),
  );
  overdue = (
    await sql<{ id: number; amount: string; contingency: string }>(
      server,
      `select id, expected_amount::text as amount, contingency::text as contingency from bill
       where agreement_id = ? and status = any(?::smallint[]) and due_date < ?::date order by id`,
      [agreementId, owed, TODAY],
    )
  ).map((row) => ({ id: Number(row.id), amount: parseMoney(row.amount), contingency: parseMoney(row.contingency) }));

  // Staff renew it, save its deposits and send it; the member approves it; it waits (1) for its first day.
  const renewed = await gql<Row>(
    'mutation($id: Int!) { renewAgreement(agreementId: $id) { outcome { agreementId } errors { code message } } }',
    { id: agreementId },
    staff,
  );
  expect(renewed.renewAgreement.errors).toEqual([]);
  renewalId = renewed.renewAgreement.outcome.agreementId;
  const input = {
    contributionFrequency: 2,
    contributionDate: FIRST_DAY,
    depositType: 1,
    remitterName: 'Acme Payroll',
    remitterNumber: 'E-1234',
  };
  const save = await gql<Row>(
    `mutation($id: Int!, $input: DepositsInput!) { saveAgreementDeposits(agreementId: $id, input: $input) {
      errors { code field message } } }`,
    { id: renewalId, input },
    staff,
  );
  expect(save.saveAgreementDeposits.errors).toEqual([]);
  const read = await gql<Row>(STEP, { id: renewalId }, staff);
  expect(read.agreementDeposits.errors).toEqual([]);
  saved = read.agreementDeposits.step;
  const response = await fetch(`${server.url}/api/contractpaymentdetails?contractId=${renewalId}`, {
    headers: { authorization: `Bearer ${staff}` },
  });
  expect(response.status).toBe(200);
  restDetails = (await response.json()) as Row;
  const sent = await gql<Row>(
    'mutation($id: Int!) { saveAllAgreementChanges(agreementId: $id) { errors { code message } } }',
    { id: renewalId },
    staff,
  );
  expect(sent.saveAllAgreementChanges.errors).toEqual([]);
  const approved = await gql<Row>(
    'mutation($id: Int!) { approveAgreement(agreementId: $id) { ok errors { code message } } }',
    { id: renewalId },
    member,
  );
  expect(approved.approveAgreement).toEqual({ ok: true, errors: [] });
  await server.app.services.jobs.drain(APPLY_CHANGE_JOB);
  heldBefore = (await agreementBalances(em(), [agreementId])).get(agreementId)!.total;

  // Its first day: the bank day's first step makes it take over (read before the day's deposits and payments).
  clock.setAt(FIRST_DAY, 0, 5);
  expect(await server.app.services.changeApplier.takeOverRenewals(em(), FIRST_DAY)).toEqual([renewalId]);
  staff = await server.token(...AGENT); // signed in again on the new day
}, 300_000);
afterAll(async () => {
  await server?.stop();
});

describe('what a renewal does with the old term’s unpaid overdue bills', () => {
  it('carries them into the renewal with the money held for them: the renewal has to pay them', async () => {
    expect(overdue.length).toBeGreaterThan(0);
    expect(overdue.some((bill) => bill.contingency > 0)).toBe(true); // a variable bill: its contingency counts too
    const now = await sql<{ id: number; agreement_id: number }>(
      server,
      'select id, agreement_id from bill where id = any(?::int[]) order by id',
      [`{${overdue.map((bill) => bill.id).join(',')}}`],
    );
    expect(now.map((bill) => Number(bill.agreement_id))).toEqual(overdue.map(() => renewalId));
    const balances = await agreementBalances(em(), [inForce.agreementId, renewalId]);
    expect(balances.get(inForce.agreementId)?.total ?? 0).toBe(0);
    expect(balances.get(renewalId)!.total).toBe(heldBefore);
  });
});

describe('the plan stored when the renewal takes over owes them, as the overview’s forecast does', () => {
  it('opens with what was carried over, and its biller lines are the bills the forecast takes out', async () => {
    const [plan] = await sql<{ id: number; opening_balance: string; effective_date: string }>(
      server,
      'select id, opening_balance::text, effective_date::text from agreement_plan where agreement_id = ?',
      [renewalId],
    );
    expect(plan).toMatchObject({ effective_date: FIRST_DAY });
    expect(parseMoney(plan.opening_balance)).toBe(heldBefore);
    const lines = await sql<{
      kind: number;
      biller_id: number | null;
      sub_id: number | null;
      period_total: string;
      bill_count: number;
    }>(
      server,
      `select kind, biller_id, billing_sub_category_id as sub_id, period_total::text, bill_count
       from agreement_plan_line where plan_id = ? order by position`,
      [plan.id],
    );
    const owed = await owedByRenewal();
    const keyOf = (row: { biller_id: number | null; sub_id: number | null }) =>
      row.biller_id !== null ? `biller:${row.biller_id}` : `subcategory:${row.sub_id}`;
    const forecastTakes = new Map<string, { periodTotal: string; billCount: number }>();
    for (const bill of owed) {
      const entry = forecastTakes.get(keyOf(bill)) ?? { periodTotal: '0.00', billCount: 0 };
      forecastTakes.set(keyOf(bill), {
        periodTotal: toDecimalString(cents(parseMoney(entry.periodTotal) + parseMoney(bill.amount))),
        billCount: entry.billCount + 1,
      });
    }
    const billerLines = lines.filter((line) => line.biller_id !== null || line.sub_id !== null);
    expect(
      new Map(
        billerLines.map((line) => [
          keyOf(line),
          { periodTotal: toDecimalString(parseMoney(line.period_total)), billCount: Number(line.bill_count) },
        ]),
      ),
    ).toEqual(forecastTakes);
    const contingency = lines.find((line) => line.kind === 3);
    expect(parseMoney(contingency!.period_total)).toBe(sum(owed.map((bill) => parseMoney(bill.contingency))));
  });

  it('has the lines of the deposits step staff saved before it took over', async () => {
    expect(await storedPlanLines(server, renewalId)).toEqual(
      (saved.plan.breakdown.lines as Row[]).map((line) => ({
        label: line.label,
        amount: line.amount,
        periodTotal: line.periodTotal,
        billCount: line.billCount,
      })),
    );
  });
});

describe('the renewal’s deposits step, before it took over, counts them as the overview’s forecast after it does', () => {
  it('opens with what it took over and funds every bill the forecast takes out, with their contingency', async () => {
    const { required } = saved.plan;
    expect(parseMoney(required.openingBalance)).toBe(heldBefore);
    const owed = await owedByRenewal();
    const expenses = sum(owed.map((bill) => parseMoney(bill.amount) + parseMoney(bill.contingency)));
    expect(parseMoney(required.totalExpenses)).toBe(expenses);
    // The REST twin (one service) says the same total.
    expect(restDetails.totalContractValue).toBe(saved.paymentDetails.totalContractValue);
    expect(parseMoney(restDetails.totalContractValue)).toBe(expenses);
  });

  it('its lowest point is the overview’s forecast that day less the contingency it sets aside by then', async () => {
    const graphs = await gql<Row>(
      `query($m: Int!, $a: Int!) { agreementGraphs(memberId: $m, accountId: $a) { forecast { points { date balance } } } }`,
      { m: memberId, a: inForce.accountId },
      staff,
    );
    const points = graphs.agreementGraphs.forecast.points as { date: LocalDate; balance: string }[];
    expect(points[0].date).toBe(FIRST_DAY);
    const lowest = saved.plan.forecast.lowestPoint as { date: LocalDate; balance: string };
    const forecastThatDay = parseMoney(points.find((point) => point.date === lowest.date)!.balance);
    const owed = await owedByRenewal();
    // The overdue bills fall on the first day (as the forecast owes them): their contingency is set aside by then.
    const contingencyBy = sum(
      owed.filter((bill) => bill.due_date <= lowest.date).map((bill) => parseMoney(bill.contingency)),
    );
    expect(parseMoney(lowest.balance)).toBe(forecastThatDay - contingencyBy);
  });
});
