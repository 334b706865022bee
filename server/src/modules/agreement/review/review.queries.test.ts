import { describe, expect, it } from 'vitest';
import { cents } from '../../../shared/money.js';
import type { LocalDate } from '../../../shared/local-date.js';
import { BillStatus } from '../../bill/index.js';
import type { ProjectionBillRow } from '../projection/projection.queries.js';
import { termBillsToCome } from './review.queries.js';

const TERM = { startDate: '2026-01-05' as LocalDate, endDate: '2027-01-04' as LocalDate };

function unpaid(id: number, sourceKey: string, dueDate: string, status = BillStatus.Scheduled): ProjectionBillRow {
  return {
    id,
    sourceKey,
    dueDate: dueDate as LocalDate,
    expectedAmount: cents(30_000),
    status,
    contingency: cents(3_000),
  };
}

describe('termBillsToCome (the term’s bills still owed, from the projection’s read)', () => {
  it.each([
    ['due on the start date', unpaid(1, 'biller:1', '2026-01-05'), true],
    ['due on the end date', unpaid(2, 'biller:1', '2027-01-04'), true],
    ['a sub-category’s, failed and owed again', unpaid(3, 'subcategory:4', '2026-06-01', BillStatus.Failed), true],
    ['due before the start date', unpaid(4, 'biller:1', '2026-01-04'), false],
    ['due after the end date', unpaid(5, 'biller:1', '2027-01-05'), false],
    ['of a removed biller (not among the billers)', unpaid(6, 'biller:9', '2026-06-01'), false],
  ])('keeps a bill %s: %s', (_name, bill, kept) => {
    const bills = termBillsToCome(TERM, new Set(['biller:1', 'subcategory:4']), [bill]);
    expect(bills.map((b) => b.billId)).toEqual(kept ? [bill.id] : []);
  });

  it('keys each bill by its biller with its estimate and contingency, nothing of it paid', () => {
    const [bill] = termBillsToCome(TERM, new Set(['biller:1']), [unpaid(7, 'biller:1', '2026-03-15')]);
    expect(bill).toEqual({
      billId: 7,
      billerKey: 'biller:1',
      dueDate: '2026-03-15',
      expectedAmount: 30_000,
      contingency: 3_000,
      status: BillStatus.Scheduled,
      paidAmount: 0,
      amountOwing: 0,
      contingencyUsed: 0,
    });
  });
});
