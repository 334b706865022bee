import { describe, expect, it } from 'vitest';
import { cents, type Cents } from '../money.js';
import { parseLocalDate, type LocalDate } from '../local-date.js';
import {
  billsInWindow,
  buildCashFlowProfile,
  simulateCashFlow,
  type CashFlowInput,
  type ExpectedBill,
} from './cash-flow.rules.js';

const d = parseLocalDate;
const bill = (billerKey: string, date: string, amount: number, contingency = 0): ExpectedBill => ({
  billerKey,
  label: billerKey,
  date: d(date),
  amount: cents(amount),
  contingency: cents(contingency),
});

const simulate = (input: Omit<CashFlowInput, 'window'> & { from: string; to: string }, deposit: number) =>
  simulateCashFlow(
    buildCashFlowProfile({ ...input, window: { from: d(input.from), to: d(input.to) } }),
    cents(deposit),
  );

const balances = (days: Array<{ date: LocalDate; balance: Cents }>) => days.map((day) => day.balance);

describe('simulateCashFlow (DOMAIN "Deposits": the balance day by day, deposits in, bills out)', () => {
  it('takes the opening balance, adds deposits and takes out amount + contingency per day', () => {
    const flow = simulate(
      {
        from: '2026-01-01',
        to: '2026-01-05',
        openingBalance: cents(1000),
        depositDates: [d('2026-01-02'), d('2026-01-04')],
        bills: [bill('power', '2026-01-03', 5000, 500), bill('water', '2026-01-05', 2000)],
      },
      3000,
    );
    expect(balances(flow.days)).toEqual([1000, 4000, -1500, 1500, -500]);
    expect(flow.days.map((day) => day.date)).toEqual([
      '2026-01-01',
      '2026-01-02',
      '2026-01-03',
      '2026-01-04',
      '2026-01-05',
    ]);
    expect(flow).toMatchObject({
      totalDeposits: 6000,
      totalBills: 7500,
      closingBalance: -500,
      lowestPoint: { date: '2026-01-03', balance: -1500 },
    });
  });

  it('judges the balance at the end of the day: a deposit on a bill date pays that bill', () => {
    const flow = simulate(
      {
        from: '2026-01-01',
        to: '2026-01-02',
        openingBalance: cents(0),
        depositDates: [d('2026-01-01')],
        bills: [bill('rent', '2026-01-01', 2000)],
      },
      2000,
    );
    expect(balances(flow.days)).toEqual([0, 0]);
  });

  it('counts overdue bills on the first day and leaves out bills after the end date', () => {
    const flow = simulate(
      {
        from: '2026-02-01',
        to: '2026-02-03',
        openingBalance: cents(10_000),
        depositDates: [],
        bills: [bill('gas', '2026-01-20', 1000, 100), bill('gas', '2026-02-04', 9999)],
      },
      0,
    );
    expect(balances(flow.days)).toEqual([8900, 8900, 8900]);
    expect(flow.totalBills).toBe(1100);
  });

  it('ignores deposits before the first day (already in the opening balance) and after the end', () => {
    const flow = simulate(
      {
        from: '2026-02-01',
        to: '2026-02-02',
        openingBalance: cents(0),
        depositDates: [d('2026-01-31'), d('2026-02-02'), d('2026-02-03')],
        bills: [],
      },
      500,
    );
    expect(flow.depositCount).toBe(1);
    expect(balances(flow.days)).toEqual([0, 500]);
  });

  it('counts two deposits on one day (twice-monthly days clamped together)', () => {
    const flow = simulate(
      {
        from: '2026-02-28',
        to: '2026-02-28',
        openingBalance: cents(0),
        depositDates: [d('2026-02-28'), d('2026-02-28')],
        bills: [],
      },
      700,
    );
    expect(flow.closingBalance).toBe(1400);
  });

  it('reports the earliest day of a repeated lowest point', () => {
    const flow = simulate(
      {
        from: '2026-03-01',
        to: '2026-03-04',
        openingBalance: cents(0),
        depositDates: [d('2026-03-03')],
        bills: [bill('phone', '2026-03-02', 100)],
      },
      0,
    );
    expect(flow.lowestPoint).toEqual({ date: '2026-03-02', balance: -100 });
  });

  it('refuses an empty period', () => {
    expect(() =>
      buildCashFlowProfile({
        window: { from: d('2026-03-02'), to: d('2026-03-01') },
        openingBalance: cents(0),
        depositDates: [],
        bills: [],
      }),
    ).toThrow(/Empty period/);
  });
});

describe('billsInWindow', () => {
  it('sorts the counted bills by date and keeps overdue ones', () => {
    const counted = billsInWindow(
      [bill('b', '2026-02-10', 1), bill('a', '2026-01-01', 1), bill('c', '2026-03-01', 1)],
      {
        from: d('2026-02-01'),
        to: d('2026-02-28'),
      },
    );
    expect(counted.map((b) => b.billerKey)).toEqual(['a', 'b']);
  });
});
