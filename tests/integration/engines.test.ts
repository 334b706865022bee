import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../server/src/shared/clock.js';
import { parseLocalDate } from '../../server/src/shared/local-date.js';
import { AGENT, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { DEPOSIT_PLAN_QUERY, quarterCase, type DepositPlanAnswer } from './engines.fixtures.js';

/**
 * The bill and deposit engines through GraphQL, on cases computed by hand from the spec's rules.
 * The institution's today is fixed at Friday 10 July 2026.
 */
let server: TestServer;
let memberToken: string;
let agentToken: string;

beforeAll(async () => {
  server = await startTestServer({ clock: fixedClock(parseLocalDate('2026-07-10'), new Date()) });
  memberToken = await server.token(...MEMBER_TWO_ACCOUNTS);
  agentToken = await server.token(...AGENT);
});
afterAll(() => server?.stop());

const BILL_SCHEDULE = `query($input: BillScheduleInput!) {
  billSchedule(input: $input) {
    today count totalAmount totalContingency total frequencyLabel
    occurrences { date amount contingency total status isFinalBill }
  }
}`;

interface Occurrence {
  date: string;
  amount: string;
  contingency: string;
  total: string;
  status: string;
  isFinalBill: boolean;
}
interface BillScheduleAnswer {
  billSchedule: {
    count: number;
    totalAmount: string;
    totalContingency: string;
    total: string;
    occurrences: Occurrence[];
  };
}

const billSchedule = (input: Record<string, unknown>, token = memberToken) =>
  server.graphql<BillScheduleAnswer>(BILL_SCHEDULE, { input }, token);

function firstError(body: { errors?: { message: string; extensions?: Record<string, unknown> }[] }) {
  const error = body.errors?.[0];
  return { message: error?.message, code: error?.extensions?.code, field: error?.extensions?.field };
}

describe('billSchedule over GraphQL', () => {
  it('lists a fixed $100 monthly bill on the 31st for a year: 12 bills, clamped, no contingency', async () => {
    const { body } = await billSchedule({
      frequency: 3,
      dateOfBill: '2026-01-31',
      amount: '100.00',
      periodStart: '2026-01-01',
      periodEnd: '2026-12-31',
    });
    const schedule = body.data!.billSchedule;
    // prettier-ignore
    expect(schedule.occurrences.map((o) => o.date)).toEqual([
      '2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31', '2026-06-30',
      '2026-07-31', '2026-08-31', '2026-09-30', '2026-10-31', '2026-11-30', '2026-12-31',
    ]);
    // Before 10 July: overdue (1); 31 July is 21 days ahead: upcoming (6); the rest scheduled (0).
    expect(schedule.occurrences.map((o) => o.status)).toEqual([
      ...Array<string>(6).fill('Overdue'),
      'Upcoming',
      ...Array<string>(5).fill('Scheduled'),
    ]);
    expect(schedule.occurrences.every((o) => o.amount === '100.00' && o.contingency === '0.00')).toBe(true);
    expect(schedule).toMatchObject({ count: 12, totalAmount: '1200.00', totalContingency: '0.00', total: '1200.00' });
  });

  it('adds a 10% contingency to a variable quarterly $250.55 bill: 25.055 rounds to 25.06', async () => {
    const { body } = await billSchedule({
      frequency: 5,
      dateOfBill: '2026-02-15',
      amount: '250.55',
      amountVaries: true,
      periodStart: '2026-01-01',
      periodEnd: '2026-12-31',
    });
    expect(body.data!.billSchedule).toEqual({
      today: '2026-07-10',
      count: 4,
      frequencyLabel: 'per quarter',
      totalAmount: '1002.20',
      totalContingency: '100.24',
      total: '1102.44',
      occurrences: ['2026-02-15', '2026-05-15', '2026-08-15', '2026-11-15'].map((date, i) => ({
        date,
        amount: '250.55',
        contingency: '25.06',
        total: '275.61',
        status: i < 2 ? 'Overdue' : 'Scheduled',
        isFinalBill: false,
      })),
    });
  });

  it('gives the next occurrences after a date, up to a limit, and ends on the final bill', async () => {
    const base = { frequency: 3, dateOfBill: '2026-01-31', amount: '100.00', periodStart: '2026-01-01' };
    const next = await billSchedule({ ...base, periodEnd: '2026-12-31', after: '2026-07-10', limit: 2 });
    expect(next.body.data!.billSchedule.occurrences.map((o) => o.date)).toEqual(['2026-07-31', '2026-08-31']);
    const final = await billSchedule({ ...base, periodEnd: '2026-12-31', finalBillDate: '2026-10-15' });
    expect(final.body.data!.billSchedule.occurrences.at(-1)).toMatchObject({ date: '2026-10-15', isFinalBill: true });
    expect(final.body.data!.billSchedule.count).toBe(10);
  });

  it("refuses more than 10,000 occurrences with the spec's message and a code", async () => {
    const { body } = await billSchedule({
      frequency: 0,
      dateOfBill: '2000-01-01',
      amount: '1.00',
      periodStart: '2000-01-01',
      periodEnd: '2030-12-31',
    });
    expect(body.data).toBeNull();
    expect(firstError(body)).toEqual({
      message: 'Error when getting the billers.',
      code: 'TOO_MANY_OCCURRENCES',
      field: null,
    });
  });

  it.each([
    ['an unknown frequency', { frequency: 9 }, 'INVALID_FREQUENCY', 'frequency'],
    ['an end before the start', { periodEnd: '2025-12-31' }, 'INVALID_PERIOD', 'periodEnd'],
    ['a negative amount', { amount: '-5.00' }, 'INVALID_AMOUNT', 'amount'],
    ['an off-peak value above the peak', { peakValue: '90.00', peakMonths: [7] }, 'INVALID_SEASON', 'amount'],
    ['bi-monthly without a second date', { frequency: 10 }, 'INVALID_BI_MONTHLY_DATES', 'secondDateOfBill'],
  ])('refuses %s with a code and the field', async (_, overrides, code, field) => {
    const input = { frequency: 3, dateOfBill: '2026-01-31', amount: '100.00', periodStart: '2026-01-01' };
    const { body } = await billSchedule({ ...input, periodEnd: '2026-12-31', ...overrides });
    expect(firstError(body)).toMatchObject({ code, field });
  });

  it('refuses a date that is not on the calendar before the resolver runs, naming the input path', async () => {
    const input = { frequency: 3, dateOfBill: '2026-02-30', amount: '100.00', periodStart: '2026-01-01' };
    const { body } = await billSchedule({ ...input, periodEnd: '2026-12-31' });
    expect(firstError(body).code).toBe('BAD_USER_INPUT');
    expect(firstError(body).message).toContain('input.dateOfBill');
  });

  it('refuses a caller who is not signed in', async () => {
    const input = { frequency: 3, dateOfBill: '2026-01-31', amount: '100.00', periodStart: '2026-01-01' };
    const { body } = await server.graphql(BILL_SCHEDULE, { input: { ...input, periodEnd: '2026-12-31' } });
    // Refused before execution (graphql/operation-guard.ts), so the answer has no data at all.
    expect(body.data ?? null).toBeNull();
    expect(firstError(body).code).toBe('UNAUTHENTICATED');
  });
});

describe('depositPlan over GraphQL', () => {
  const depositPlan = (input: Record<string, unknown>, token = memberToken) =>
    server.graphql<DepositPlanAnswer>(DEPOSIT_PLAN_QUERY, { input }, token);

  it('works out the hand-computed quarter: required, minimum, breakdown, lowest point and forecast', async () => {
    const { body } = await depositPlan(quarterCase());
    expect(body.errors).toBeUndefined();
    const plan = body.data!.depositPlan;
    expect(plan.depositDates).toEqual([
      '2026-08-03',
      '2026-08-17',
      '2026-08-31',
      '2026-09-14',
      '2026-09-28',
      '2026-10-12',
    ]);
    expect(plan.required).toEqual({
      amount: '159.51',
      depositCount: 6,
      totalExpenses: '957.03',
      toBeDeposited: '957.03',
    });
    expect(plan.depositAmount).toBe('159.51');
    expect(plan.coverage).toEqual({ ok: true, surplus: '0.03', shortfall: '0.00', message: null });
    expect(plan.minimum).toEqual({ reachable: true, amount: '220.01', bindingDate: '2026-08-12', topUpNeeded: '0.00' });
    expect(plan.breakdown.lines).toEqual([
      { kind: 'BILLER', billerKey: 'groceries', amount: '90.00', periodTotal: '540.00', billCount: 12 },
      { kind: 'BILLER', billerKey: 'car-loan', amount: '60.51', periodTotal: '363.03', billCount: 3 },
      { kind: 'CONTINGENCY', billerKey: null, amount: '9.00', periodTotal: '54.00', billCount: 12 },
      { kind: 'SURPLUS', billerKey: null, amount: '0.00', periodTotal: '0.03', billCount: 0 },
    ]);
    expect(plan.overdraw).toMatchObject({
      lowestPoint: { date: '2026-08-12', balance: '-60.50' },
      overdrawAmount: '60.50',
      initialDurationEnd: '2026-09-27',
      lowestPointWithinInitialDuration: true,
      approvedOverdraw: '5000.00',
      upperContractLimit: '50000.00',
      totalContractValue: '957.03',
      // Check 1: below zero within the initial duration (from 5 Aug): the warning, TopupNow of the deepest 60.50.
      overdrawnWithinInitialDuration: true,
      topUpNeeded: '60.50',
      warning: 'The Agreement may be overdrawn within its initial 8 week period.',
      // Check 2: 60.50 is within the $5,000 approved overdraw: no approval.
      overdrawApprovalNeeded: false,
      approvalsNeeded: [],
    });
    expect(plan.forecast).toMatchObject({
      firstDay: '2026-08-03',
      lastDay: '2026-10-25',
      dayCount: 84,
      closingBalance: '0.03',
      lowestPoint: { date: '2026-08-12', balance: '-60.50' },
      firstDateBelowZero: '2026-08-05',
      firstDateBelowOverdrawLimit: null,
    });
    expect(plan.forecast.series).toHaveLength(84);
    expect(plan.forecast.weekly).toHaveLength(13);
    expect(plan.forecast.weekly.slice(0, 3)).toEqual([
      { date: '2026-08-03', balance: '159.51' },
      { date: '2026-08-10', balance: '-11.00' },
      { date: '2026-08-17', balance: '99.01' },
    ]);
    expect(plan.forecast.weekly.at(-1)).toEqual({ date: '2026-10-25', balance: '0.03' });
    expect(plan.overdrawRuleDurationDays).toBe(56);
  });

  it('reports the shortfall of a deposit too small, and explains it to the cent', async () => {
    const { body } = await depositPlan(quarterCase({ depositAmount: '150.00' }));
    const plan = body.data!.depositPlan;
    // 6 x 150.00 = 900.00 against 957.03 of expenses.
    expect(plan.coverage).toEqual({
      ok: false,
      surplus: '0.00',
      shortfall: '57.03',
      message: 'Expenses are not fully covered by the current deposit(s).',
    });
    expect(plan.breakdown.lines.map((line) => [line.kind, line.amount])).toEqual([
      ['BILLER', '90.00'],
      ['BILLER', '60.51'],
      ['CONTINGENCY', '9.00'],
      ['SHORTFALL', '-9.51'],
    ]);
  });

  it('asks for approvals 1 and 2 when the overdraw and the value pass the limits given', async () => {
    const { body } = await depositPlan(quarterCase({ approvedOverdraw: '50.00', upperContractLimit: '900.00' }));
    const plan = body.data!.depositPlan;
    expect(plan.overdraw).toMatchObject({
      overdrawApprovalNeeded: true,
      topUpNeeded: '60.50',
      upperLimitApprovalNeeded: true,
      approvalsNeeded: [1, 2],
      warning: 'The Agreement may be overdrawn within its initial 8 week period.',
    });
    expect(plan.forecast.firstDateBelowOverdrawLimit).toBe('2026-08-12');
  });

  it('answers staff as it answers members', async () => {
    const member = await depositPlan(quarterCase());
    const agent = await depositPlan(quarterCase(), agentToken);
    expect(agent.body).toEqual(member.body);
  });

  it.each([
    ['deposit frequency 4', { depositFrequency: 4 }, 'INVALID_DEPOSIT_FREQUENCY', 'depositFrequency'],
    ['an end before the start', { endDate: '2026-08-01' }, 'INVALID_PERIOD', 'endDate'],
    ['a negative deposit', { depositAmount: '-1.00' }, 'INVALID_AMOUNT', 'depositAmount'],
    [
      'a first deposit outside the period',
      { firstDepositDate: '2026-12-01' },
      'INVALID_DEPOSIT_DATE',
      'firstDepositDate',
    ],
  ])('refuses %s with a code and the field', async (_, overrides, code, field) => {
    const { body } = await depositPlan(quarterCase(overrides));
    expect(firstError(body)).toMatchObject({ code, field });
  });

  it('names the biller at fault', async () => {
    const input = quarterCase();
    const billers = input.billers as Record<string, unknown>[];
    const { body } = await depositPlan({ ...input, billers: [billers[0], { ...billers[1], frequency: 42 }] });
    expect(firstError(body)).toMatchObject({ code: 'INVALID_FREQUENCY', field: 'billers[1].frequency' });
  });

  it('refuses a series step below 1', async () => {
    const { body } = await server.graphql(
      'query($input: DepositPlanInput!) { depositPlan(input: $input) { forecast { series(step: 0) { date } } } }',
      { input: quarterCase() },
      memberToken,
    );
    expect(firstError(body)).toMatchObject({ code: 'INVALID_STEP', field: 'step' });
  });
});
