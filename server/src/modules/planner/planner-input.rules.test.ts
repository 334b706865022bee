import { describe, expect, it } from 'vitest';
import { DomainError } from '../../shared/errors.js';
import { parseLocalDate, type LocalDate } from '../../shared/local-date.js';
import { parseMoney } from '../../shared/money.js';
import type { DepositPlanData } from './deposit-input.rules.js';
import { calculateDepositPlan, previewBillSchedule, type BillScheduleData } from './planner.calculations.js';

const d = (text: string): LocalDate => parseLocalDate(text);
const m = parseMoney;
const today = d('2026-07-10');
const defaults = { approvedOverdraw: m('5000'), upperContractLimit: m('50000'), overdrawRuleDurationDays: 56 };

const monthly: BillScheduleData = {
  frequency: 3,
  dateOfBill: d('2026-01-31'),
  amount: m('100'),
  periodStart: d('2026-01-01'),
  periodEnd: d('2026-12-31'),
};

const plan = (overrides: Partial<DepositPlanData> = {}): DepositPlanData => ({
  startDate: d('2026-08-03'),
  endDate: d('2026-10-25'),
  depositFrequency: 2,
  billers: [{ key: 'water', frequency: 1, dateOfBill: d('2026-08-05'), amount: m('45') }],
  ...overrides,
});

function refusal(run: () => unknown): { code: string; field: string | undefined; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, field: error.field, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('billSchedule input rules', () => {
  it.each<[string, Partial<BillScheduleData>, string, string]>([
    ['an unknown frequency code', { frequency: 9 }, 'INVALID_FREQUENCY', 'frequency'],
    ['a negative amount', { amount: m('-5') }, 'INVALID_AMOUNT', 'amount'],
    ['a zero amount (2 §5: greater than 0)', { amount: m('0') }, 'INVALID_AMOUNT', 'amount'],
    ['an amount above $10,000,000', { amount: m('10000000.01') }, 'AMOUNT_TOO_LARGE', 'amount'],
    ['a period ending before it starts', { periodEnd: d('2025-12-31') }, 'INVALID_PERIOD', 'periodEnd'],
    ['a date before 1900', { periodStart: d('1899-12-31') }, 'INVALID_DATE', 'periodStart'],
    ['the empty-date sentinel as the date of bill', { dateOfBill: d('0001-01-01') }, 'INVALID_DATE', 'dateOfBill'],
    ['a limit below -1', { limit: -2 }, 'INVALID_LIMIT', 'limit'],
    ['a payment method outside 0-7', { paymentMethod: 8 }, 'INVALID_PAYMENT_METHOD', 'paymentMethod'],
    [
      'a final bill before the date of bill',
      { finalBillDate: d('2025-06-30') },
      'INVALID_FINAL_BILL_DATE',
      'finalBillDate',
    ],
    ['bi-monthly without a second date', { frequency: 10 }, 'INVALID_BI_MONTHLY_DATES', 'secondDateOfBill'],
    [
      'bi-monthly dates on the same day of month',
      { frequency: 10, dateOfBill: d('2026-01-15'), secondDateOfBill: d('2026-02-15') },
      'INVALID_BI_MONTHLY_DATES',
      'secondDateOfBill',
    ],
    ['peak months without a peak value', { peakMonths: [6, 7] }, 'INVALID_SEASON', 'peakValue'],
    ['a peak value without peak months', { peakValue: m('200') }, 'INVALID_SEASON', 'peakMonths'],
    ['a month 13', { peakValue: m('200'), peakMonths: [13] }, 'INVALID_PEAK_MONTHS', 'peakMonths'],
    [
      'an off-peak value above the peak value (2 §5)',
      { peakValue: m('200'), offPeakValue: m('250'), peakMonths: [1] },
      'INVALID_SEASON',
      'offPeakValue',
    ],
  ])('refuses %s', (_, overrides, code, field) => {
    expect(refusal(() => previewBillSchedule({ ...monthly, ...overrides }, today))).toMatchObject({ code, field });
  });

  it("keeps the cap's code and the spec's message (3 §5)", () => {
    const daily = {
      ...monthly,
      frequency: 0,
      dateOfBill: d('2000-01-01'),
      periodStart: d('2000-01-01'),
      periodEnd: d('2030-12-31'),
    };
    expect(refusal(() => previewBillSchedule(daily, today))).toEqual({
      code: 'TOO_MANY_OCCURRENCES',
      field: undefined,
      message: 'Error when getting the billers.',
    });
  });

  it('reads the empty-date sentinel as no final bill', () => {
    const preview = previewBillSchedule({ ...monthly, finalBillDate: d('0001-01-01') }, today);
    expect(preview.count).toBe(12);
  });

  it('prices peak months at the peak value and the others at the amount', () => {
    const season = { ...monthly, amount: m('80'), peakValue: m('150'), peakMonths: [6, 7, 8], amountVaries: true };
    const preview = previewBillSchedule(season, today);
    expect(preview.occurrences.filter((o) => o.amount === m('150')).map((o) => o.date)).toEqual([
      '2026-06-30',
      '2026-07-31',
      '2026-08-31',
    ]);
    expect(preview.totalAmount).toBe(m(String(9 * 80 + 3 * 150)));
    expect(preview.totalContingency).toBe(m(String(9 * 8 + 3 * 15)));
  });

  it('ends with the final bill, itself a bill', () => {
    const preview = previewBillSchedule({ ...monthly, finalBillDate: d('2026-10-15') }, today);
    expect(preview.occurrences.slice(-2)).toMatchObject([
      { date: '2026-09-30', isFinalBill: false },
      { date: '2026-10-15', isFinalBill: true },
    ]);
  });
});

describe('depositPlan input rules', () => {
  it.each<[string, Partial<DepositPlanData>, string, string]>([
    [
      'deposit frequency 4 (not a deposit frequency)',
      { depositFrequency: 4 },
      'INVALID_DEPOSIT_FREQUENCY',
      'depositFrequency',
    ],
    ['an end before the start', { endDate: d('2026-08-02') }, 'INVALID_PERIOD', 'endDate'],
    ['a period over five years', { endDate: d('2031-12-31') }, 'PERIOD_TOO_LONG', 'endDate'],
    [
      'a first deposit outside the period',
      { firstDepositDate: d('2026-11-01') },
      'INVALID_DEPOSIT_DATE',
      'firstDepositDate',
    ],
    ['a negative deposit', { depositAmount: m('-1') }, 'INVALID_AMOUNT', 'depositAmount'],
    ['a negative approved overdraw', { approvedOverdraw: m('-1') }, 'INVALID_AMOUNT', 'approvedOverdraw'],
    ['a negative duration', { overdrawRuleDurationDays: -7 }, 'INVALID_DURATION', 'overdrawRuleDurationDays'],
    ['a preferred day 32', { preferredDay: 32 }, 'INVALID_PREFERRED_DAY', 'preferredDay'],
    ['bi-monthly deposits without dates', { depositFrequency: 10 }, 'INVALID_BI_MONTHLY_DATES', 'biMonthlyFirstDate'],
    [
      'bi-monthly deposit dates on the same day',
      { depositFrequency: 10, biMonthlyFirstDate: d('2026-08-05'), biMonthlySecondDate: d('2026-09-05') },
      'INVALID_BI_MONTHLY_DATES',
      'biMonthlySecondDate',
    ],
    [
      'a biller with a bad frequency, named by its index',
      { billers: [plan().billers[0], { key: 'gas', frequency: 42, dateOfBill: d('2026-08-01'), amount: m('1') }] },
      'INVALID_FREQUENCY',
      'billers[1].frequency',
    ],
    [
      'two billers with one key',
      { billers: [plan().billers[0], plan().billers[0]] },
      'DUPLICATE_BILLER_KEY',
      'billers[1].key',
    ],
    ['a blank biller key', { billers: [{ ...plan().billers[0], key: ' ' }] }, 'INVALID_BILLER_KEY', 'billers[0].key'],
  ])('refuses %s', (_, overrides, code, field) => {
    expect(refusal(() => calculateDepositPlan(plan(overrides), today, defaults))).toMatchObject({ code, field });
  });

  it('takes the server settings when the input leaves them out, and the input when it gives them', () => {
    expect(calculateDepositPlan(plan(), today, defaults).settings).toEqual(defaults);
    const given = calculateDepositPlan(
      plan({ approvedOverdraw: m('10'), overdrawRuleDurationDays: 14 }),
      today,
      defaults,
    );
    expect(given.settings).toEqual({ ...defaults, approvedOverdraw: m('10'), overdrawRuleDurationDays: 14 });
  });

  it('counts bills from today for an agreement already running (the past is in the opening balance)', () => {
    const running = calculateDepositPlan(plan({ startDate: d('2026-07-01') }), d('2026-08-10'), defaults);
    expect(running.plan.window.from).toBe('2026-08-10');
    expect(running.billers[0].bills[0].date).toBe('2026-08-12');
  });

  it('applies the pay-up-front bypass to an annual deposit from today on (setup)', () => {
    const annual = calculateDepositPlan(plan({ depositFrequency: 7, depositAmount: m('1') }), today, defaults);
    expect(annual.payTodayBypass).toBe(true);
    expect(annual.plan.coverage).toMatchObject({ ok: true, bypassed: true });
  });
});
