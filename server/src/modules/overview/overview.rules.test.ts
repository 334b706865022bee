import { describe, expect, it } from 'vitest';
import { BillStatus } from '../bill/bill-status.rules.js';
import { PaymentMethod } from '../../shared/bill/payment-method.js';
import { BillerStatus } from '../../shared/biller/biller-codes.js';
import { billerFacts, billFacts, d } from '../agreement/test-facts.js';
import { projectedBills } from '../agreement/projection/projection.facts.js';
import { billsDueOf, visibleBillsDue } from '../agreement/projection/projection.rules.js';
import type { BillerFacts, BillFacts } from '../agreement/agreement-billers.js';
import { upcomingBills as panel } from './overview.rules.js';

const TODAY = d('2026-06-15');

/** The panel as the overview fills it: the projection's bills due, as the caller may see them. */
function upcomingBills(
  billers: BillerFacts[],
  bills: BillFacts[],
  today: typeof TODAY,
  options: { hideReimbursements: boolean; limit?: number },
) {
  const due = billsDueOf(projectedBills(billers, bills), today);
  return panel(visibleBillsDue(due, !options.hideReimbursements), { limit: options.limit });
}

describe("upcomingBills (the upcoming-bills panel: 6 manual bills of the projection's bills due, spec 1 §4, §9)", () => {
  const billers = [
    billerFacts(1, { nickname: 'Power' }),
    billerFacts(2, { nickname: 'Rent', isAutoPayment: true }),
    billerFacts(3, { nickname: 'Gym', paymentMethod: PaymentMethod.Reimbursement }),
    billerFacts(4, { nickname: 'Medical', isSubCategory: true }),
  ];
  const bills = [
    billFacts(1, 'biller:1', '2026-05-01', { status: BillStatus.Paid }),
    billFacts(2, 'biller:1', '2026-05-20', { status: BillStatus.OverdueNotified }),
    billFacts(3, 'biller:2', '2026-06-01'),
    billFacts(4, 'biller:1', '2026-06-01'),
    billFacts(5, 'biller:3', '2026-06-10'),
    billFacts(6, 'subcategory:4', '2026-06-20'),
    billFacts(7, 'biller:1', '2026-07-01'),
    billFacts(8, 'biller:1', '2026-07-14'),
    billFacts(9, 'biller:1', '2026-07-16'),
  ];

  it('shows overdue and upcoming bills of manual billers and sub-categories, due date ascending', () => {
    const shown = upcomingBills(billers, bills, TODAY, { hideReimbursements: false });
    expect(shown.map((b) => [b.billId, b.billerName, b.status, b.isReimbursement])).toEqual([
      [2, 'Power', BillStatus.OverdueNotified, false],
      [4, 'Power', BillStatus.Overdue, false],
      [5, 'Gym', BillStatus.Overdue, true],
      [6, 'Medical', BillStatus.Upcoming, false],
      [7, 'Power', BillStatus.Upcoming, false],
      [8, 'Power', BillStatus.Upcoming, false],
    ]);
  });

  it('hides reimbursement bills from members', () => {
    const shown = upcomingBills(billers, bills, TODAY, { hideReimbursements: true });
    expect(shown.map((b) => b.billId)).toEqual([2, 4, 6, 7, 8]);
  });

  it('marks the bills of a biller on hold, which cannot be paid (sub-categories are never on hold)', () => {
    const held = [billerFacts(1, { nickname: 'Power', status: BillerStatus.OnHold }), billers[3]];
    const shown = upcomingBills(held, bills, TODAY, { hideReimbursements: true });
    expect(shown.map((b) => [b.billId, b.onHold])).toEqual([
      [2, true],
      [4, true],
      [6, false],
      [7, true],
      [8, true],
    ]);
  });

  it('shows at most 6 (or the limit asked)', () => {
    const many = Array.from({ length: 10 }, (_, i) => billFacts(100 + i, 'biller:1', '2026-06-16'));
    expect(upcomingBills(billers, many, TODAY, { hideReimbursements: true })).toHaveLength(6);
    expect(upcomingBills(billers, many, TODAY, { hideReimbursements: true, limit: 2 })).toHaveLength(2);
  });
});
