import { formatBsb } from '@shared/validation/bsb';

/** The payment fields of a confirm row (spec 3 §3), as the server sends them (the reference already masked). */
export interface ConfirmRowPayment {
  paymentType: string | null;
  bpayNumber: string | null;
  customerReferenceNumber: string | null;
  bsbNumber: string | null;
  eftAccountNumber: string | null;
  eftAccountName: string | null;
  directDebitAccountNumber: string | null;
}

/**
 * How a confirm row is paid, in one line: 'BPAY biller code 23796 · reference *******890', 'EFT BSB 062-000 ·
 * account 12345678 (J Smith)', 'Direct Debit · account 890000017'; only the type when it has no details; empty
 * for a sub-category.
 */
export function paymentDetailsLine(row: ConfirmRowPayment): string {
  const parts: string[] = [];
  if (row.bpayNumber) parts.push(`biller code ${row.bpayNumber}`);
  if (row.customerReferenceNumber) parts.push(`reference ${row.customerReferenceNumber}`);
  if (row.bsbNumber) parts.push(`BSB ${formatBsb(row.bsbNumber)}`);
  if (row.eftAccountNumber) {
    parts.push(`account ${row.eftAccountNumber}${row.eftAccountName ? ` (${row.eftAccountName})` : ''}`);
  }
  if (row.directDebitAccountNumber) parts.push(`account ${row.directDebitAccountNumber}`);
  if (!row.paymentType) return parts.join(' · ');
  return parts.length === 0 ? row.paymentType : `${row.paymentType} ${parts.join(' · ')}`;
}

/** 'Bill 3 of 12' (the next of the period's bills), '12 bills' when none is left, '' when not counted. */
export function occurrencesLine(total: number | null, upcoming: number | null): string {
  if (total === null) return '';
  if (upcoming === null) return total === 1 ? '1 bill' : `${total} bills`;
  return `Next: bill ${upcoming} of ${total}`;
}
