import type { LocalDate } from '../../common/local-date.js';
import { BillStatus, currentBillStatus } from '../bill/bill-status.rules.js';
import { PaymentMethod } from '../bill/payment-method.js';
import { BillerStatus } from '../biller/biller-codes.js';
import type { BillerFacts, BillFacts } from '../agreement/agreement-billers.js';
import type { UpcomingBill } from './overview.types.js';

/** The upcoming-bills panel shows 6 rows (spec 1 §9); the client pads with blank rows. */
export const UPCOMING_BILLS_SHOWN = 6;

const DUE: ReadonlySet<BillStatus> = new Set([BillStatus.Overdue, BillStatus.OverdueNotified, BillStatus.Upcoming]);

/**
 * The upcoming-bills panel (GET /api/bills/GetManualBillsDueForPayment asks for 6): bills paid by hand (manual
 * billers and sub-categories) that are overdue (1, 4) or upcoming (6) on today, due date ascending. Members never
 * see reimbursement bills there (spec 1 §4).
 */
export function upcomingBills(
  billers: readonly BillerFacts[],
  bills: readonly BillFacts[],
  today: LocalDate,
  options: { hideReimbursements: boolean; limit?: number },
): UpcomingBill[] {
  const manual = new Map(
    billers.filter((biller) => biller.isSubCategory || !biller.isAutoPayment).map((biller) => [biller.key, biller]),
  );
  const result: UpcomingBill[] = [];
  for (const bill of bills) {
    const biller = manual.get(bill.sourceKey);
    if (!biller) continue;
    const status = currentBillStatus(bill, today);
    if (!DUE.has(status)) continue;
    const isReimbursement = biller.paymentMethod === PaymentMethod.Reimbursement;
    if (isReimbursement && options.hideReimbursements) continue;
    result.push({
      billId: bill.id,
      billerName: biller.nickname,
      dueDate: bill.dueDate,
      amount: bill.expectedAmount,
      status,
      isReimbursement,
      onHold: !biller.isSubCategory && biller.status === BillerStatus.OnHold,
    });
    if (result.length === (options.limit ?? UPCOMING_BILLS_SHOWN)) break;
  }
  return result;
}
