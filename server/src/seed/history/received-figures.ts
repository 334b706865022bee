import type { LocalDate } from '../../shared/local-date.js';
import { cents, toDecimalString } from '../../shared/money.js';
import type { BulkRow } from '../../database/bulk.js';
import { DepositStatus } from '../../modules/agreement/index.js';
import { MoneySource } from '../../modules/bill/index.js';
import { agreementChangeOf } from '../../modules/ledger/index.js';
import type { AgreementHistory } from './types.js';

/** What the ledger would write on the bills and deposits after these postings: paid, owing, received, status. */
export function receivedFigures(h: AgreementHistory): { bills: Map<number, BulkRow>; deposits: Map<number, BulkRow> } {
  const bills = new Map<number, { paid: number; owing: number; date: LocalDate | null }>();
  const deposits = new Map<number, { received: number; date: LocalDate | null }>();
  for (const posting of h.postings) {
    for (const source of posting.sources ?? []) {
      const bill = bills.get(source.billIndex) ?? { paid: 0, owing: 0, date: null };
      if (source.source === MoneySource.ShortPay) bill.owing += source.amount;
      else bill.paid += source.amount;
      if (source.source !== MoneySource.ShortPay && source.amount > 0) bill.date = posting.effectiveDate;
      bills.set(source.billIndex, bill);
    }
    if (posting.depositIndex !== null && posting.depositIndex !== undefined) {
      const deposit = deposits.get(posting.depositIndex) ?? { received: 0, date: null };
      const change = agreementChangeOf({ agreementId: h.agreementId, lines: posting.lines });
      deposit.received += change;
      if (change > 0) deposit.date = posting.effectiveDate;
      deposits.set(posting.depositIndex, deposit);
    }
  }
  const money = (value: number) => toDecimalString(cents(value));
  return {
    bills: new Map(
      [...bills].map(([i, b]) => [i, { paid_amount: money(b.paid), amount_owing: money(b.owing), paid_date: b.date }]),
    ),
    deposits: new Map(
      [...deposits].map(([i, d]) => {
        const expected = h.deposits[i].amount;
        const status =
          d.received >= expected
            ? DepositStatus.Received
            : d.received > 0
              ? DepositStatus.PartlyReceived
              : DepositStatus.Reversed;
        return [i, { received_amount: money(d.received), received_date: d.date, status }];
      }),
    ),
  };
}
