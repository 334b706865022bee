import { BillStatus } from '../bill/index.js';
import type { DueBill } from '../agreement/index.js';
import type { UpcomingBill } from './overview.types.js';

/** The panel's statuses (GetManualBillsDueForPayment): overdue (1, 4) and upcoming (6); not a failed one (5). */
const PANEL_STATUSES: ReadonlySet<BillStatus> = new Set([
  BillStatus.Overdue,
  BillStatus.OverdueNotified,
  BillStatus.Upcoming,
]);

/** The upcoming-bills panel shows 6 rows (spec 1 §9); the client pads with blank rows. */
export const UPCOMING_BILLS_SHOWN = 6;

/**
 * The upcoming-bills panel (GET /api/bills/GetManualBillsDueForPayment asks for 6): the projection's bills due that
 * are paid by hand (manual billers and sub-categories), overdue (1, 4) or upcoming (6) on today, due date ascending.
 * The same bills, amounts and statuses as What's next, which lists every payment kind.
 */
export function upcomingBills(
  billsDue: readonly Omit<DueBill, 'billerKey'>[],
  options: { limit?: number } = {},
): UpcomingBill[] {
  return billsDue
    .filter((bill) => (bill.isSubCategory || !bill.isAutoPayment) && PANEL_STATUSES.has(bill.status))
    .slice(0, options.limit ?? UPCOMING_BILLS_SHOWN)
    .map((bill) => ({
      billId: bill.billId,
      billerName: bill.billerName,
      dueDate: bill.dueDate,
      amount: bill.amount,
      status: bill.status,
      isReimbursement: bill.isReimbursement,
      onHold: bill.onHold,
    }));
}
