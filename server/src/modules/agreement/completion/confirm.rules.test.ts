import { describe, expect, it } from 'vitest';
import type { Cents } from '../../../shared/money.js';
import type { LocalDate } from '../../../shared/local-date.js';
import { BillingFrequency } from '../../../shared/bill/billing-frequency.js';
import {
  confirmationsComplete,
  confirmPaymentType,
  confirmTables,
  itemOccurrences,
  MODIFICATION_HIGHLIGHTS,
  type ConfirmItem,
} from './confirm.rules.js';

const period = { startDate: '2026-12-01' as LocalDate, endDate: '2027-11-30' as LocalDate };
const item = (over: Partial<ConfirmItem>): ConfirmItem => ({
  id: 1,
  type: 0,
  nickname: 'Power',
  isAutoPaymentBill: false,
  billingFrequency: 3,
  expenseAmount: 10000 as Cents,
  dateCommencing: '2026-12-15' as LocalDate,
  modificationStatus: 0,
  status: 1,
  isFinalBillExpected: false,
  expectedFinalBillDate: null,
  ...over,
});

describe('confirmTables (spec 3 §2 confirm page)', () => {
  it.each([
    ['an automatic-payment biller', item({ isAutoPaymentBill: true }), 'automatic'],
    ['a manual biller', item({}), 'manual'],
    ['a sub-category (paid by hand)', item({ type: 1, isAutoPaymentBill: true }), 'manual'],
    ['a biller first billed after the end date', item({ dateCommencing: '2027-12-01' as LocalDate }), 'outsidePeriod'],
    [
      'a final bill before the start',
      item({ isFinalBillExpected: true, expectedFinalBillDate: '2026-11-01' as LocalDate }),
      'outsidePeriod',
    ],
    [
      'billed on the end date: inside',
      item({ dateCommencing: '2027-11-30' as LocalDate, isAutoPaymentBill: true }),
      'automatic',
    ],
  ])('puts %s in the %s table', (_name, it_, table) => {
    const tables = confirmTables([it_], period);
    expect(
      Object.entries(tables)
        .filter(([, rows]) => rows.length > 0)
        .map(([name]) => name),
    ).toEqual([table]);
  });

  it('adds a Final bill line on the expected date for a removed item expecting a final bill', () => {
    const removed = item({
      id: 7,
      modificationStatus: 3,
      isFinalBillExpected: true,
      expectedFinalBillDate: '2027-02-10' as LocalDate,
    });
    expect(confirmTables([removed], period).finalBills).toEqual([
      { id: 7, type: 0, nickname: 'Power', date: '2027-02-10', label: 'Final bill' },
    ]);
  });

  it('adds no Final bill line for an item not removed, or removed without a final bill', () => {
    const kept = item({ isFinalBillExpected: true, expectedFinalBillDate: '2027-02-10' as LocalDate });
    const removed = item({ modificationStatus: 3 });
    expect(confirmTables([kept, removed], period).finalBills).toEqual([]);
  });

  it('names each modification highlight', () => {
    expect([0, 1, 2, 3, 4].map((s) => MODIFICATION_HIGHLIGHTS[s])).toEqual([
      null,
      'Added',
      'Edited',
      'Deleted',
      'Enabled',
    ]);
  });
});

describe('confirmationsComplete (spec 3 §5: all checkboxes must be ticked)', () => {
  const six = ['a', 'b', 'c', 'd', 'e', 'f'];
  it.each([
    [[0, 1, 2, 3, 4, 5], true],
    [[5, 4, 3, 2, 1, 0], true],
    [[0, 1, 2, 3, 4], false],
    [[], false],
  ])('%j ticked → %s', (ticked, complete) => {
    expect(confirmationsComplete(six, ticked)).toBe(complete);
  });
});

describe('itemOccurrences (spec 3 §3: totalOccurrences, the upcoming one, a removed item’s old next date)', () => {
  const monthly = { frequency: BillingFrequency.Monthly, dateOfBill: '2026-12-15' as LocalDate };
  it.each<[string, Parameters<typeof itemOccurrences>[0], string, [number | null, number | null, string | null]]>([
    [
      'a monthly bill from 15 Dec: 12 in the year, the first next before it starts',
      monthly,
      '2026-11-27',
      [12, 1, '2026-12-15'],
    ],
    ['on a bill’s own day that bill is next', monthly, '2027-02-15', [12, 3, '2027-02-15']],
    ['the day after, the following one', monthly, '2027-02-16', [12, 4, '2027-03-15']],
    ['after the last bill none is left', monthly, '2027-11-20', [12, null, null]],
    [
      'a final bill ends the count',
      { ...monthly, finalBillDate: '2027-03-01' as LocalDate },
      '2026-11-27',
      [4, 1, '2026-12-15'],
    ],
  ])('%s', (_rule, schedule, today, [total, upcoming, next]) => {
    expect(itemOccurrences(schedule, period, today as LocalDate)).toEqual({
      totalOccurrences: total,
      upcomingOccurrenceNumber: upcoming,
      nextDate: next,
    });
  });

  it('answers nulls for a schedule over the 10,000 cap instead of failing the page', () => {
    const daily = { frequency: BillingFrequency.PerDay, dateOfBill: '2000-01-01' as LocalDate };
    const long = { startDate: '2000-01-01' as LocalDate, endDate: '2040-01-01' as LocalDate };
    expect(itemOccurrences(daily, long, '2026-11-27' as LocalDate)).toEqual({
      totalOccurrences: null,
      upcomingOccurrenceNumber: null,
      nextDate: null,
    });
  });
});

describe('confirmPaymentType', () => {
  it.each<[string, 0 | 1, number | null, string | null]>([
    ['a BPAY biller', 0, 0, 'BPAY'],
    ['an EFT biller', 0, 1, 'EFT'],
    ['a direct-debit biller', 0, 4, 'Direct Debit'],
    ['a sub-category has none', 1, null, null],
  ])('%s', (_rule, type, method, label) => {
    expect(confirmPaymentType(type, method)).toBe(label);
  });
});
