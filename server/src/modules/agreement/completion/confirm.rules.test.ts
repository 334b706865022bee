import { describe, expect, it } from 'vitest';
import type { Cents } from '../../../common/money.js';
import type { LocalDate } from '../../../common/local-date.js';
import { confirmationsComplete, confirmTables, MODIFICATION_HIGHLIGHTS, type ConfirmItem } from './confirm.rules.js';

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
