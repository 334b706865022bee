import { describe, expect, it } from 'vitest';
import { cents, type Cents } from '../../../shared/money.js';
import { PaymentMethod } from '../../../shared/bill/payment-method.js';
import type { DepositBreakdown } from '../../deposit/deposit-breakdown.rules.js';
import { agreementFacts, billerFacts, d } from '../test-facts.js';
import { agreedPlanOf, sharesOfBreakdown } from './agreed-plan.rules.js';
import { PlanLineKind } from './plan-codes.js';

const defaults = {
  approvedOverdraw: cents(500_000),
  upperContractLimit: cents(5_000_000),
  overdrawRuleDurationDays: 56,
};

function breakdown(deposit: number, lines: [DepositBreakdown['lines'][number]['kind'], number][]): DepositBreakdown {
  return {
    depositAmount: cents(deposit),
    depositCount: 26,
    periodTotal: cents(deposit * 26),
    addsUp: lines.reduce((sum, [, amount]) => sum + amount, 0) === deposit,
    lines: lines.map(([kind, amount]) => ({
      kind,
      billerKey: kind === 'biller' ? 'biller:1' : null,
      label: kind,
      amount: cents(amount),
      periodTotal: cents(amount * 26),
      billCount: 1,
      detail: '',
    })),
  };
}

describe('sharesOfBreakdown (rule "deposit split": contingency and surplus lines, the rest allocation)', () => {
  it.each([
    [
      'billers, contingency and a surplus',
      breakdown(10_000, [
        ['biller', 9_000],
        ['contingency', 700],
        ['surplus', 300],
      ]),
      10_000,
      [9_000, 700, 300],
    ],
    [
      'a held balance lowers allocation only',
      breakdown(10_000, [
        ['biller', 11_000],
        ['contingency', 500],
        ['heldBalance', -1_800],
        ['surplus', 300],
      ]),
      10_000,
      [9_200, 500, 300],
    ],
    [
      'a shortfall takes no rainy day',
      breakdown(10_000, [
        ['biller', 10_500],
        ['contingency', 400],
        ['shortfall', -900],
      ]),
      10_000,
      [9_600, 400, 0],
    ],
    ['no breakdown: all allocation', null, 10_000, [10_000, 0, 0]],
    [
      'parts never above the deposit',
      breakdown(1_000, [
        ['contingency', 800],
        ['surplus', 900],
      ]),
      1_000,
      [0, 100, 900],
    ],
  ])('%s', (_, given, deposit, [allocation, contingency, rainyDay]) => {
    expect(sharesOfBreakdown(given, cents(deposit))).toEqual({ allocation, contingency, rainyDay });
  });
});

describe('agreedPlanOf (the plan stored when a version takes effect)', () => {
  const billers = [
    billerFacts(1, { expectedBillValue: cents(10_000) }),
    billerFacts(2, { paymentMethod: PaymentMethod.DirectDebit, amountVaries: true, expectedBillValue: cents(5_000) }),
    billerFacts(3, { isSubCategory: true, expectedBillValue: cents(2_000) }),
  ];
  const sum = (values: Cents[]) => values.reduce((total, value) => total + value, 0);

  it('stores the schedule from the start and each deposit’s split, lines adding up to the deposit', () => {
    const plan = agreedPlanOf(agreementFacts(), billers, {
      effectiveDate: d('2026-01-01'),
      openingBalance: cents(0),
      defaults,
    });
    expect(plan.depositDates[0]).toBe('2026-01-01');
    expect(plan.firstDepositDate).toBe('2026-01-01');
    expect(plan.depositDates).toHaveLength(27);
    expect(sum(plan.lines.map((line) => line.amount))).toBe(plan.depositAmount);
    expect(plan.shares.allocation + plan.shares.contingency + plan.shares.rainyDay).toBe(plan.depositAmount);
    expect(plan.lines.map((line) => [line.kind, line.billerKey])).toEqual(
      expect.arrayContaining([
        [PlanLineKind.Biller, 'biller:1'],
        [PlanLineKind.Biller, 'biller:2'],
        [PlanLineKind.SubCategory, 'subcategory:3'],
        [PlanLineKind.Contingency, null],
      ]),
    );
    expect(plan.shares.contingency).toBe(plan.lines.find((l) => l.kind === PlanLineKind.Contingency)!.amount);
  });

  it('plans a change from its day of applying with the balance it holds', () => {
    const plan = agreedPlanOf(agreementFacts({ contributionDate: d('2026-07-02') }), billers, {
      effectiveDate: d('2026-06-30'),
      openingBalance: cents(50_000),
      defaults,
    });
    expect(plan.depositDates[0]).toBe('2026-07-02');
    expect(plan.depositDates.every((date) => date >= '2026-06-30')).toBe(true);
    expect(plan.lines.find((l) => l.kind === PlanLineKind.HeldBalance)?.periodTotal).toBeLessThan(0);
    expect(plan.openingBalance).toBe(50_000);
  });

  it('plans a change applied after today’s deposits step on the deposits it collects', () => {
    // Fortnightly from its day of applying (2026-06-30); today's deposits step ran (the bank's first day: 07-01).
    const change = agreementFacts({ contributionDate: d('2026-06-30') });
    const options = { effectiveDate: d('2026-06-30'), openingBalance: cents(50_000), defaults };
    const asAgreed = agreedPlanOf(change, billers, options);
    // The version in force's deposit of today was taken: not collected, not counted, its money in the opening balance.
    const held = agreedPlanOf(change, billers, {
      ...options,
      firstBankDay: d('2026-07-01'),
      heldDepositDates: [d('2026-06-30')],
    });
    expect(held.firstDepositDate).toBe('2026-07-14');
    expect(held.depositDates).toEqual(asAgreed.depositDates.slice(1));
    const share = (plan: typeof held) => plan.lines.find((l) => l.kind === PlanLineKind.Biller)!.amount;
    expect(share(held)).toBeGreaterThan(share(asAgreed)); // the same bills shared between one deposit fewer
    expect(sum(held.lines.map((line) => line.amount))).toBe(held.depositAmount);
    // None of its own today: the deposit of today is tomorrow's, the rest as agreed; as many deposits.
    const moved = agreedPlanOf(change, billers, { ...options, firstBankDay: d('2026-07-01') });
    expect(moved.depositDates).toEqual([d('2026-07-01'), ...asAgreed.depositDates.slice(1)]);
    expect(moved.lines).toEqual(asAgreed.lines);
  });

  it('keeps the schedule with every deposit to allocation when the planner refuses the stored version', () => {
    const plan = agreedPlanOf(agreementFacts({ startDate: d('2026-01-01'), endDate: d('2032-01-01') }), billers, {
      effectiveDate: d('2026-01-01'),
      openingBalance: cents(0),
      defaults,
    });
    expect(plan.lines).toEqual([]);
    expect(plan.shares).toEqual({ allocation: 18_500, contingency: 0, rainyDay: 0 });
    expect(plan.depositDates[0]).toBe('2026-01-01');
  });
});
