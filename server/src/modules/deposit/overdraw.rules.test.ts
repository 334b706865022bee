import { describe, expect, it } from 'vitest';
import { cents, ZERO, type Cents } from '../../shared/money.js';
import { parseLocalDate } from '../../shared/local-date.js';
import { buildCashFlowProfile, simulateCashFlow, type ExpectedBill } from '../../shared/deposit/cash-flow.rules.js';
import { ContributionFrequency, depositDates } from './deposit-schedule.rules.js';
import {
  ApprovalType,
  approvalsFor,
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

  const WARNING = 'The Agreement may be overdrawn within its initial 8 week period.';

  // The three checks of DOMAIN "Deposits", each on its own: [case, bills, weekly deposit, expected].
  it.each([
    [
      'a $490 shortfall in week 1: check 1 only (warning, TopupNow of $490), no approval',
      [bill('2026-01-03', 59_000)],
      10_000,
      { overdrawnWithinInitialDuration: true, topUpNeeded: 49_000, warning: WARNING, approvalsNeeded: [] },
    ],
    [
      'a $1 shortfall on the last day of the duration (25 Feb): check 1',
      [bill('2026-02-25', 80_100)],
      10_000,
      { overdrawnWithinInitialDuration: true, topUpNeeded: 100, warning: WARNING, approvalsNeeded: [] },
    ],
    [
      'a shortfall the day after the duration (26 Feb): nothing (good-conduct waiver)',
      [bill('2026-02-26', 100_000)],
      10_000,
      { overdrawnWithinInitialDuration: false, topUpNeeded: 0, warning: null, approvalsNeeded: [] },
    ],
    [
      'exactly zero within the duration: nothing ("below zero" is strict)',
      [bill('2026-01-10', 20_000)],
      10_000,
      { overdrawnWithinInitialDuration: false, topUpNeeded: 0, warning: null, approvalsNeeded: [] },
    ],
    [
      '$5,800 short in week 2: check 1 (TopupNow $5,800) and check 2 (approval type 1)',
      [bill('2026-01-10', 600_000)],
      10_000,
      {
        overdrawnWithinInitialDuration: true,
        topUpNeeded: 580_000,
        warning: WARNING,
        beyondApprovedOverdraw: true,
        approvalsNeeded: [ApprovalType.DepositOverdraw],
      },
    ],
    [
      '$5,700 short on 1 April, after the duration: check 2 only (approval type 1, no warning)',
      [bill('2026-04-01', 700_000)],
      10_000,
      {
        overdrawnWithinInitialDuration: false,
        warning: null,
        beyondApprovedOverdraw: true,
        approvalsNeeded: [ApprovalType.DepositOverdraw],
      },
    ],
    [
      'exactly the approved $5,000 short on 1 April: nothing ("deeper" is strict)',
      [bill('2026-04-01', 630_000)],
      10_000,
      { overdrawAmount: 500_000, beyondApprovedOverdraw: false, warning: null, approvalsNeeded: [] },
    ],
  ])('%s', (_, bills, deposit, expected) => {
    expect(assess(bills, deposit)).toMatchObject(expected);
  });

  it('judges check 1 on the duration’s own lowest point when a deeper one comes later', () => {
    const result = assess([bill('2026-01-10', 600_000), bill('2026-04-01', 1_000_000)], 1000);
    expect(result.lowestPoint.date).toBe('2026-04-01');
    expect(result).toMatchObject({
      lowestPointWithinInitialDuration: false,
      initialDurationLowestPoint: { date: '2026-01-10', balance: -598_000 },
      overdrawnWithinInitialDuration: true,
      topUpNeeded: 598_000,
      approvalsNeeded: [ApprovalType.DepositOverdraw],
    });
  });

  it('counts the duration from the agreement start when the simulation starts later (modification)', () => {
    const options = { from: '2026-01-01', agreementStart: '2025-12-01' };
    expect(assess([bill('2026-01-10', 300_000)], 0, options)).toMatchObject({
      initialDurationEnd: '2026-01-25',
      overdrawnWithinInitialDuration: true,
      topUpNeeded: 300_000,
    });
    expect(assess([bill('2026-01-30', 300_000)], 0, options)).toMatchObject({
      initialDurationOverdrawAmount: 0,
      overdrawnWithinInitialDuration: false,
      warning: null,
    });
  });

  it('has no initial duration when it is 0 days', () => {
    expect(assess([bill('2026-01-01', 300_000)], 0, { durationDays: 0 })).toMatchObject({
      initialDurationEnd: null,
      initialDurationLowestPoint: null,
      lowestPointWithinInitialDuration: false,
      overdrawnWithinInitialDuration: false,
      warning: null,
    });
  });

  it('reads the approved overdraw from the settings it is given', () => {
    const settings = { ...DEFAULT_DEPOSIT_SETTINGS, contractApprovedOverDrawOfAmount: cents(100_000) };
    expect(assess([bill('2026-04-01', 400_000)], 10_000, { settings })).toMatchObject({
      approvedOverdraw: 100_000,
      overdrawApprovalNeeded: true,
      approvalsNeeded: [ApprovalType.DepositOverdraw],
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

  it('needs both approvals when overdrawn beyond the approved amount and over the upper limit (spec 3 §4)', () => {
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

describe('approvalsFor (checks 2 and 3, shared by the deposits step and activation)', () => {
  const limits = { approvedOverdraw: cents(500_000), upperContractLimit: cents(5_000_000) };
  it.each([
    ['nothing beyond either limit', 400_000, 4_000_000, []],
    ['exactly the approved overdraw: no approval (strict)', 500_000, 4_000_000, []],
    ['a cent deeper than the approved overdraw: type 1', 500_001, 4_000_000, [ApprovalType.DepositOverdraw]],
    ['exactly the upper limit: no approval (strict)', 0, 5_000_000, []],
    ['over the upper limit: type 2', 0, 5_000_001, [ApprovalType.ContractUpperLimit]],
    ['both: both, in type order', 600_000, 6_000_000, [ApprovalType.DepositOverdraw, ApprovalType.ContractUpperLimit]],
  ])('%s', (_case, overdraw, value, expected) => {
    expect(approvalsFor(cents(overdraw), cents(value), limits)).toEqual(expected);
  });
});
