import { describe, expect, it } from 'vitest';
import type { ExpectedBill } from '../../shared/deposit/cash-flow.rules.js';
import { parseLocalDate, type LocalDate } from '../../shared/local-date.js';
import { cents, parseMoney } from '../../shared/money.js';
import { expectedBills, totalsOf, type ExpectedBillsSummary } from '../bill/index.js';
import type { DepositPlanData, PaidOccurrence } from './deposit-input.rules.js';
import { calculateDepositPlan, owedBeforeFirstDay, withoutPaidBills } from './planner.calculations.js';
import { toBillPlan } from './bill-input.rules.js';

const d = (text: string): LocalDate => parseLocalDate(text);
const m = parseMoney;
const defaults = { approvedOverdraw: m('5000'), upperContractLimit: m('50000'), overdrawRuleDurationDays: 0 };
const today = d('2026-07-10');

const owed = (date: string, amount = '45', contingency = '0'): ExpectedBill => ({
  billerKey: 'water',
  label: 'Water',
  date: d(date),
  amount: m(amount),
  contingency: m(contingency),
});

/**
 * A running agreement (July 2026) on 10 July: water $45 every week from Friday 3 July (3, 10, 17, 24, 31 July: from
 * today 4 bills, $180), fortnightly deposits on 13 and 27 July, $100 held this morning.
 */
const running = (overrides: Partial<DepositPlanData> = {}): DepositPlanData => ({
  startDate: d('2026-07-01'),
  endDate: d('2026-07-31'),
  openingBalance: m('100'),
  depositFrequency: 2,
  firstDepositDate: d('2026-07-13'),
  isModification: true,
  billers: [{ key: 'water', label: 'Water', frequency: 1, dateOfBill: d('2026-07-03'), amount: m('45') }],
  ...overrides,
});

describe('owedBeforeFirstDay (rule "owed bills fall due on the first day")', () => {
  it.each<[string, string, boolean]>([
    ['a bill due a week before the first day is owed on it', '2026-07-03', true],
    ['a bill due the day before the first day is owed on it', '2026-07-09', true],
    ['a bill due on the first day is its biller’s own occurrence, not counted twice', '2026-07-10', false],
    ['a later bill (a failed one carried over on its date) is its biller’s own occurrence', '2026-07-17', false],
  ])('%s', (_rule, date, counted) => {
    expect(owedBeforeFirstDay([owed(date)], today)).toEqual(counted ? [owed(date)] : []);
  });
});

describe('withoutPaidBills (rule "paid bills are not billed again")', () => {
  const water = (): ExpectedBillsSummary =>
    expectedBills(
      toBillPlan(
        { frequency: 1, dateOfBill: d('2026-07-03'), amount: m('45') },
        { billerKey: 'water', label: 'Water' },
      ),
      {
        start: today,
        end: d('2026-07-31'),
      },
    );
  it.each<[string, PaidOccurrence[], string[]]>([
    ['nothing paid: every occurrence', [], ['2026-07-10', '2026-07-17', '2026-07-24', '2026-07-31']],
    [
      'the bill of 17 July paid early: not billed again',
      [{ billerKey: 'water', date: d('2026-07-17') }],
      ['2026-07-10', '2026-07-24', '2026-07-31'],
    ],
    [
      'another biller’s bill paid that day: no matter',
      [{ billerKey: 'power', date: d('2026-07-17') }],
      ['2026-07-10', '2026-07-17', '2026-07-24', '2026-07-31'],
    ],
    [
      'a paid bill on a date the biller no longer bills: no matter',
      [{ billerKey: 'water', date: d('2026-07-18') }],
      ['2026-07-10', '2026-07-17', '2026-07-24', '2026-07-31'],
    ],
  ])('%s', (_rule, paid, dates) => {
    const summary = withoutPaidBills(water(), paid);
    expect(summary.bills.map((bill) => bill.date)).toEqual(dates);
    expect({ count: summary.count, total: summary.total }).toEqual({
      count: dates.length,
      total: totalsOf(summary.bills).total,
    });
  });
});

describe('calculateDepositPlan on a running agreement with stored bills', () => {
  it('takes what fell due before today as paid when the agreement owes nothing', () => {
    const { plan } = calculateDepositPlan(running(), today, defaults);
    // $180 from today less $100 held over 2 deposits; 10 July closes at 100 - 45.
    expect(plan.required).toMatchObject({ totalExpenses: 180_00, toBeDeposited: 80_00, amount: 40_00 });
    expect(plan.forecast.days[0]).toEqual({ date: '2026-07-10', balance: cents(55_00) });
  });

  it('owes an unpaid overdue bill (and its contingency) on the first day', () => {
    const { plan } = calculateDepositPlan(running({ owedBills: [owed('2026-07-03', '45', '4.50')] }), today, defaults);
    expect(plan.required).toMatchObject({ totalExpenses: 229_50, toBeDeposited: 129_50, amount: 64_75 });
    expect(plan.forecast.days[0]).toEqual({ date: '2026-07-10', balance: cents(100_00 - 45_00 - 49_50) });
    // At the required $64.75: 13 July 70.25, 17 July 25.25, 24 July -19.75 (the lowest), 27 July 45.00, 31 July 0.00.
    expect(plan.forecast.lowestPoint).toEqual({ date: '2026-07-24', balance: cents(-19_75) });
    // The breakdown's water line holds it too: 5 bills.
    expect(plan.breakdown!.lines.find((line) => line.billerKey === 'water')).toMatchObject({
      periodTotal: 225_00,
      billCount: 5,
    });
  });

  it('counts a bill owed on its own date (a failed one carried over) once: its biller’s occurrence', () => {
    const { plan } = calculateDepositPlan(running({ owedBills: [owed('2026-07-17')] }), today, defaults);
    expect(plan.required.totalExpenses).toBe(180_00);
  });

  it('does not bill again a bill paid early from what it holds', () => {
    const { plan, billers } = calculateDepositPlan(
      running({ paidBills: [{ billerKey: 'water', date: d('2026-07-17') }] }),
      today,
      defaults,
    );
    expect(plan.required.totalExpenses).toBe(135_00);
    expect(billers[0].bills.map((bill) => bill.date)).toEqual(['2026-07-10', '2026-07-24', '2026-07-31']);
  });
});
