import type { Cents } from '../../shared/money.js';
import {
  BPAY_MESSAGES,
  validateBpayPayment,
  validateEftDetails,
  type BpayBillerInfo,
} from '../../shared/validation/index.js';
import { PaymentMethod } from '../../shared/bill/payment-method.js';
import { PAYMENT_MESSAGES, PaymentError } from './payment.errors.js';

/** The stored paying details of a bill's biller (null fields where the biller has none). */
export interface BillerPaymentDetails {
  paymentMethod: PaymentMethod;
  nickname: string;
  bpayBillerCode: string | null;
  customerReferenceNumber: string | null;
  bsbNumber: string | null;
  eftAccountNumber: string | null;
  eftAccountName: string | null;
  eftReferenceNumber: string | null;
}

export { catalogueEntryOf, type CatalogueCompanyRow } from '../company/index.js';

/**
 * Rule "Unknown payment type" (1 §4, §5): a bill whose payment type is Unknown (7) can only be paid as an
 * allocation; paying it as a bill is refused.
 */
export function checkBillOrAllocation(paymentMethod: PaymentMethod | null, kind: 'bill' | 'allocation'): void {
  if (paymentMethod === PaymentMethod.Unknown && kind === 'bill') {
    throw new PaymentError('UNKNOWN_PAYMENT_TYPE', PAYMENT_MESSAGES.unknownPaymentType, 'billOrAllocation');
  }
}

/**
 * Rule "payment details" (1 §5): before money moves, a BPAY biller's code, customer reference (the biller's
 * check-digit rule and length) and amount limits are checked again (codes 11, 12, 13, 15), and an EFT biller's
 * BSB (14), account number and name. `catalogueEntry` is the biller's BPAY catalogue entry (none: code 11).
 * Other payment methods carry no details to check. The first rejection is thrown, field first as the spec
 * orders them (biller code, reference, maximum, minimum; BSB, account number, account name).
 */
export function checkPaymentDetails(
  details: BillerPaymentDetails,
  amount: Cents,
  catalogueEntry: BpayBillerInfo | null,
): void {
  if (details.paymentMethod === PaymentMethod.Bpay) {
    const reference = details.customerReferenceNumber ?? '';
    const result = validateBpayPayment(
      { billerCode: details.bpayBillerCode, customerReferenceNumber: reference, amount },
      catalogueEntry ? [catalogueEntry] : [],
    );
    if (!result.ok) throw new PaymentError(`${result.code}` as const, result.message, result.field);
    // Without a reference the validator checks the biller code only; a payment needs the full check (1 §5).
    if (result.scope !== 'full') {
      throw new PaymentError('12', BPAY_MESSAGES[12], 'customerReferenceNumber');
    }
    return;
  }
  if (details.paymentMethod === PaymentMethod.Eft) {
    const result = validateEftDetails({
      bsbNumber: details.bsbNumber,
      eftAccountNumber: details.eftAccountNumber,
      eftAccountName: details.eftAccountName,
      eftReferenceNumber: details.eftReferenceNumber,
      nickname: details.nickname,
    });
    if (!result.ok) {
      const [first] = result.rejections;
      throw new PaymentError(`${first.code}` as const, first.message, first.field);
    }
  }
}
