/** Payment method codes (1 §9, the wider list of 2 §3); the biller form offers 0 to 4. */
export enum PaymentMethod {
  Bpay = 0,
  Eft = 1,
  Cheque = 2,
  Reimbursement = 3,
  DirectDebit = 4,
  InternalTransfer = 5,
  RainyDay = 6,
  Unknown = 7,
}

export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  [PaymentMethod.Bpay]: 'BPAY',
  [PaymentMethod.Eft]: 'EFT',
  [PaymentMethod.Cheque]: 'Cheque',
  [PaymentMethod.Reimbursement]: 'Reimbursement',
  [PaymentMethod.DirectDebit]: 'Direct Debit',
  [PaymentMethod.InternalTransfer]: 'Internal Transfer',
  [PaymentMethod.RainyDay]: 'RainyDay',
  [PaymentMethod.Unknown]: 'Unknown',
};

/**
 * How a bill is paid, as people read it on every screen (issue 8 item 4: the overview and the bill dashboard agree):
 * the biller's method, or "Allocation" for a billing sub-category, which is paid from its allocation.
 */
export function paymentMethodName(method: number | null, isSubCategory = false): string {
  if (isSubCategory || method === null) return 'Allocation';
  return (PAYMENT_METHOD_LABELS as Readonly<Record<number, string>>)[method] ?? 'Unknown';
}
