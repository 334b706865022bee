import { describe, expect, it } from 'vitest';
import { cents, percentOf, sum, ZERO } from '../../shared/money.js';
import { addDays, addMonths, parseLocalDate, type LocalDate } from '../../shared/local-date.js';
import type { ExpectedBill } from '../../shared/deposit/cash-flow.rules.js';
import { planDeposits, type DepositPlanInput } from './deposit-plan.rules.js';
import { ContributionFrequency } from './deposit-schedule.rules.js';

const d = parseLocalDate;

/** 50 billers over a year: 15 weekly, 35 monthly, every third one variable (10% contingency). About 1,200 bills. */
function fiftyBillerYear(start: LocalDate, end: LocalDate): ExpectedBill[] {
  const bills: ExpectedBill[] = [];
  for (let b = 0; b < 50; b += 1) {
    const weekly = b < 15;
    const amount = cents(weekly ? 2_000 + b * 37 : 8_000 + b * 911);
    const contingency = b % 3 === 0 ? percentOf(amount, 10) : ZERO;
    const first = addDays(start, b % 28);
    for (let k = 0; ; k += 1) {
      const date = weekly ? addDays(first, 7 * k) : addMonths(first, k);
      if (date > end) break;
      bills.push({ billerKey: `biller-${b}`, label: `Biller ${b}`, date, amount, contingency });
    }
  }
  return bills;
}

const yearInput = (overrides: Partial<DepositPlanInput> = {}): DepositPlanInput => ({
  startDate: d('2026-07-01'),
  endDate: d('2027-06-30'),
  today: d('2026-06-20'),
  openingBalance: ZERO,
  schedule: { frequency: ContributionFrequency.Fortnightly, firstDepositDate: d('2026-07-01') },
  bills: fiftyBillerYear(d('2026-07-01'), d('2027-06-30')),
  overdrawRuleDurationDays: 56,
  ...overrides,
});

describe('planDeposits (the deposits step and graphs page in one pass)', () => {
  it('proposes the required deposit, which covers the expenses and is explained to the cent', () => {
    const plan = planDeposits(yearInput());
    expect(plan.window).toEqual({ from: '2026-07-01', to: '2027-06-30' });
    expect(plan.depositDates).toHaveLength(27);
    expect(plan.depositAmount).toBe(plan.required.amount);
    expect(plan.coverage).toMatchObject({ ok: true, bypassed: false });
    expect(sum(plan.breakdown?.lines.map((line) => line.amount) ?? [])).toBe(plan.depositAmount);
    expect(plan.breakdown?.lines.filter((line) => line.kind === 'biller')).toHaveLength(50);
    expect(plan.forecast.days).toHaveLength(365);
    expect(plan.forecast.lowestPoint).toEqual(plan.overdraw.lowestPoint);
  });

  it('never asks less than the required deposit as the minimum that keeps the balance at or above zero', () => {
    const plan = planDeposits(yearInput());
    if (!plan.minimum.reachable) throw new Error('expected a reachable minimum');
    expect(plan.minimum.amount).toBeGreaterThanOrEqual(plan.required.amount);
  });

  it('refuses an entered deposit that does not cover the expenses (spec 3 §5)', () => {
    const plan = planDeposits(yearInput({ depositAmount: cents(100_00) }));
    expect(plan.coverage).toMatchObject({
      ok: false,
      message: 'Expenses are not fully covered by the current deposit(s).',
    });
    expect(plan.breakdown?.lines.at(-1)?.kind).toBe('shortfall');
  });

  it('takes the settings it is given and the spec defaults for the others', () => {
    const plan = planDeposits(yearInput({ settings: { businessUpperContractLimit: cents(1_000_00) } }));
    expect(plan.overdraw).toMatchObject({ approvedOverdraw: 500_000, upperContractLimit: 100_000 });
    expect(plan.overdraw.upperLimitApprovalNeeded).toBe(true);
    expect(plan.forecast.overdrawLimit).toBe(500_000);
  });

  it('simulates a running agreement from today, leaving out deposits already made', () => {
    const plan = planDeposits(yearInput({ today: d('2026-08-01'), openingBalance: cents(50_000) }));
    expect(plan.window.from).toBe('2026-08-01');
    expect(plan.depositDates[0]).toBe('2026-08-12');
  });

  it('has no breakdown when no deposit falls in the period', () => {
    const plan = planDeposits(
      yearInput({ schedule: { frequency: ContributionFrequency.Annually, firstDepositDate: d('2027-07-01') } }),
    );
    expect(plan.breakdown).toBeNull();
    expect(plan.coverage.ok).toBe(false);
  });
});
