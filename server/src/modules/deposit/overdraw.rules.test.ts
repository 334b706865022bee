import { describe, expect, it } from 'vitest';
import { cents, ZERO, type Cents } from '../../common/money.js';
import { parseLocalDate } from '../../common/local-date.js';
import { buildCashFlowProfile, simulateCashFlow, type ExpectedBill } from './cash-flow.rules.js';
import { ContributionFrequency, depositDates } from './deposit-schedule.rules.js';
import {
  ApprovalType,
  assessOverdraw,
  DEFAULT_DEPOSIT_SETTINGS,
  initialPeriodOverdrawWarning,
  type DepositSettings,
} from './overdraw.rules.js';

const d = parseLocalDate;
const bill = (date: string, amount: number): ExpectedBill => ({
  billerKey: 'rates',
  label: 'Council rates',
  date: d(date),
  amount: cents(amount),
  contingency: ZERO,
});

/** Weekly deposits from 1 January 2026 to 30 June 2026, eight-week (56-day) initial duration by default. */
function assess(
  bills: ExpectedBill[],
  weeklyDeposit: number,
  options: {
    from?: string;
    agreementStart?: string;
    durationDays?: number;
    totalContractValue?: Cents;
    settings?: DepositSettings;
  } = {},
) {
  const from = d(options.from ?? '2026-01-01');
  const window = { from, to: d('2026-06-30') };
  const dates = depositDates({ frequency: ContributionFrequency.Weekly, firstDepositDate: from, endDate: window.to });
  const profile = buildCashFlowProfile({ window, openingBalance: ZERO, depositDates: dates, bills });
  return assessOverdraw({
    cashFlow: simulateCashFlow(profile, cents(weeklyDeposit)),
    agreementStartDate: d(options.agreementStart ?? '2026-01-01'),
    overdrawRuleDurationDays: options.durationDays ?? 56,
    totalContractValue: options.totalContractValue ?? ZERO,
    settings: options.settings ?? DEFAULT_DEPOSIT_SETTINGS,
  });
}

describe('assessOverdraw (DOMAIN "Deposits": the lowest point of the curve is the overdraw)', () => {
  it('defaults to a $5,000 approved overdraw and a $50,000 upper contract limit (spec 3 §9)', () => {
    expect(DEFAULT_DEPOSIT_SETTINGS).toEqual({
      contractApprovedOverDrawOfAmount: 500_000,
      businessUpperContractLimit: 5_000_000,
    });
  });

  it('within the duration and above the approved overdraw: approval type 1 or a top-up of the excess', () => {
    const result = assess([bill('2026-01-10', 600_000)], 10_000);
    expect(result).toMatchObject({
      lowestPoint: { date: '2026-01-10', balance: -580_000 },
      overdrawAmount: 580_000,
      initialDurationEnd: '2026-02-25',
      lowestPointWithinInitialDuration: true,
      initialDurationOverdrawAmount: 580_000,
      overdrawApprovalNeeded: true,
      topUpNeeded: 80_000,
      approvalsNeeded: [ApprovalType.DepositOverdraw],
      warning: 'The Agreement may be overdrawn within its initial 8 week period.',
    });
  });

  it.each([
    ['within the duration but within the approved overdraw', '2026-01-10', 400_000, true],
    ['exactly the approved overdraw ("above" is strict)', '2026-01-10', 520_000, true],
    ['above the approved overdraw after the duration (good-conduct waiver)', '2026-04-01', 700_000, false],
  ])('needs nothing: %s', (_, date, amount, within) => {
    const result = assess([bill(date, amount)], 10_000);
    expect(result.overdrawAmount).toBeGreaterThan(0);
    expect(result.lowestPointWithinInitialDuration).toBe(within);
    expect(result).toMatchObject({ overdrawApprovalNeeded: false, topUpNeeded: 0, approvalsNeeded: [], warning: null });
  });

  it('reports an overdraw beyond the approved amount after the duration without blocking', () => {
    expect(assess([bill('2026-04-01', 700_000)], 10_000)).toMatchObject({
      beyondApprovedOverdraw: true,
      overdrawApprovalNeeded: false,
    });
  });

  it('still flags an over-limit overdraw in the duration when a deeper point comes later', () => {
    const result = assess([bill('2026-01-10', 600_000), bill('2026-04-01', 1_000_000)], 1000);
    expect(result.lowestPoint.date).toBe('2026-04-01');
    expect(result).toMatchObject({
      lowestPointWithinInitialDuration: false,
      initialDurationLowestPoint: { date: '2026-01-10', balance: -598_000 },
      overdrawApprovalNeeded: true,
      topUpNeeded: 98_000,
    });
  });

  it('counts the duration from the agreement start when the simulation starts later (modification)', () => {
    const options = { from: '2026-01-01', agreementStart: '2025-12-01' };
    expect(assess([bill('2026-01-10', 600_000)], 0, options)).toMatchObject({
      initialDurationEnd: '2026-01-25',
      overdrawApprovalNeeded: true,
    });
    expect(assess([bill('2026-01-30', 600_000)], 0, options)).toMatchObject({
      initialDurationOverdrawAmount: 0,
      overdrawApprovalNeeded: false,
    });
  });

  it('has no initial duration when it is 0 days', () => {
    expect(assess([bill('2026-01-01', 600_000)], 0, { durationDays: 0 })).toMatchObject({
      initialDurationEnd: null,
      initialDurationLowestPoint: null,
      lowestPointWithinInitialDuration: false,
      overdrawApprovalNeeded: false,
    });
  });

  it('reads the approved overdraw from the settings it is given', () => {
    const settings = { ...DEFAULT_DEPOSIT_SETTINGS, contractApprovedOverDrawOfAmount: cents(100_000) };
    expect(assess([bill('2026-01-10', 400_000)], 10_000, { settings })).toMatchObject({
      approvedOverdraw: 100_000,
      overdrawApprovalNeeded: true,
      topUpNeeded: 280_000,
    });
  });

  it.each([
    ['over the upper limit needs approval type 2', 5_000_001, [ApprovalType.ContractUpperLimit]],
    ['exactly the upper limit needs none ("exceeds" is strict)', 5_000_000, []],
  ])('%s', (_, value, approvals) => {
    const result = assess([], 0, { totalContractValue: cents(value) });
    expect(result.upperLimitApprovalNeeded).toBe(approvals.length > 0);
    expect(result.approvalsNeeded).toEqual(approvals);
  });

  it('needs both approvals when overdrawn and over the upper limit (spec 3 §4)', () => {
    const result = assess([bill('2026-01-10', 600_000)], 0, { totalContractValue: cents(6_000_000) });
    expect(result.approvalsNeeded).toEqual([ApprovalType.DepositOverdraw, ApprovalType.ContractUpperLimit]);
  });
});

describe('initialPeriodOverdrawWarning (spec 3 §8, duration stored in days and shown in weeks)', () => {
  it.each([
    [56, 'The Agreement may be overdrawn within its initial 8 week period.'],
    [10, 'The Agreement may be overdrawn within its initial 1.4 week period.'],
  ])('%i days', (days, text) => {
    expect(initialPeriodOverdrawWarning(days)).toBe(text);
  });
});
