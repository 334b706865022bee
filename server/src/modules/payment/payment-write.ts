import type { EntityManager } from '@mikro-orm/postgresql';
import type { LocalDate } from '../../shared/local-date.js';
import { intArray, runSql } from '../../database/bulk.js';
import { BillStatus } from '../bill/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { EventNotifier } from '../notification/index.js';
import type { PreparedPayment } from './payment-decision.js';
import type { ConfirmationFigures } from './payment-split.rules.js';

/** The stored answer of a payment (the same on every retry with its key). */
export interface PaymentOutcome {
  billId: number;
  paidBillIds: number[];
  transactionId: number;
  billStatus: BillStatus;
  figures: ConfirmationFigures;
}

/**
 * Writes decided payments in the caller's transaction, set-based (one payment or a batch: the same statements):
 * the ledger postings with their activities and money sources (`postMany`), the bills' statuses, the approvals
 * used, and the short-pay notices (after the postings: their key names the transaction).
 */
export async function writePayments(
  tx: EntityManager,
  ledger: LedgerService,
  notifier: EventNotifier | null,
  today: LocalDate,
  payments: readonly PreparedPayment[],
): Promise<PaymentOutcome[]> {
  if (payments.length === 0) return [];
  const posted = await ledger.postMany(
    tx,
    payments.map((payment) => payment.posting),
  );
  const bills = payments.flatMap((payment) =>
    payment.paidBillIds.map((id) =>
      id === payment.currentBillId
        ? { id, status: payment.status, current: true, reimburse_to: payment.reimburseTo }
        : { id, status: BillStatus.Paid, current: false, reimburse_to: null },
    ),
  );
  await runSql(
    tx,
    `update bill b set status = c.status,
       reimbursement_account_id = case when c.current then c.reimburse_to else b.reimbursement_account_id end
     from json_to_recordset(?::json) as c(id int, status smallint, current boolean, reimburse_to int)
     where b.id = c.id`,
    [JSON.stringify(bills)],
  );
  const approvals = payments.flatMap((payment) => (payment.approvalId === null ? [] : [payment.approvalId]));
  if (approvals.length > 0) {
    await runSql(tx, 'update approval set used_at = now() where id = any(?::int[])', [intArray(approvals)]);
  }
  const outcomes: PaymentOutcome[] = [];
  for (const [i, payment] of payments.entries()) {
    const { transactionId } = posted[i];
    if (payment.shortPaid && notifier) {
      await notifier.notifyEvent(tx, {
        agreementId: payment.agreementId,
        event: 'shortPaidBill',
        key: `bill:${payment.currentBillId}:${transactionId}`,
        facts: { amount: payment.shortPaid.amount, date: today, billerName: payment.shortPaid.billerName },
      });
    }
    outcomes.push({
      billId: payment.currentBillId,
      paidBillIds: payment.paidBillIds,
      transactionId,
      billStatus: payment.status,
      figures: payment.figures,
    });
  }
  return outcomes;
}
