import { validateEftDetails } from '@shared/validation/eft';

/** When the server refuses BPAY details without a message. */
const BPAY_REFUSED = 'The BPAY details are not valid.';

export interface PayingDetails {
  paymentType: string;
  nickname: string;
  bPayNumber: string | null;
  customerReferenceNumber: string | null;
  bsbNumber: string | null;
  eftAccountNumber: string | null;
  eftAccountName: string | null;
  eftReferenceNumber: string | null;
}

/** The server's answer on a BPAY bill's details (validateBpay, against the company catalogue). */
export interface BpayCheck {
  valid: boolean;
  message: string | null;
  /** Codes 13 and 15 refuse the amount (field 'amount') and name the biller's limit. */
  code?: number;
  field?: string | null;
  limit?: string | null;
}

/** BPAY codes 13 and 15: the amount is above the biller's maximum or below its minimum. */
const AMOUNT_ABOVE_MAXIMUM = 13;
const AMOUNT_BELOW_MINIMUM = 15;

/**
 * The amount box's error for a BPAY answer that refuses the amount, naming the biller's limit (undefined when the
 * answer is about something else). The details list leaves these answers to the amount box.
 */
export function bpayAmountError(check: BpayCheck | null, formatLimit: (limit: string) => string): string | undefined {
  if (!check || check.valid || check.field !== 'amount') return undefined;
  if (check.limit && check.code === AMOUNT_ABOVE_MAXIMUM) {
    return `This biller takes at most ${formatLimit(check.limit)} in one payment.`;
  }
  if (check.limit && check.code === AMOUNT_BELOW_MINIMUM) {
    return `This biller takes at least ${formatLimit(check.limit)} in one payment.`;
  }
  return check.message ?? BPAY_REFUSED;
}

/**
 * Spec 1 §5: BPAY or EFT details re-validated before paying a bill; the payment type must not be Unknown.
 * Allocations carry no paying details. BPAY is checked by the server against the company catalogue (`bpayCheck`:
 * null while it has not answered, and paying checks again); EFT with the shared validator. Returns the messages.
 */
export function payingDetailsErrors(
  bill: PayingDetails,
  billOrAllocation: 'bill' | 'allocation',
  unknownTypeMessage: string,
  bpayCheck: BpayCheck | null,
): string[] {
  if (billOrAllocation === 'allocation') return [];
  if (bill.paymentType === 'BPAY') {
    return bpayCheck && !bpayCheck.valid && bpayCheck.field !== 'amount' ? [bpayCheck.message ?? BPAY_REFUSED] : [];
  }
  if (bill.paymentType === 'EFT') {
    const result = validateEftDetails({
      bsbNumber: bill.bsbNumber,
      eftAccountNumber: bill.eftAccountNumber,
      eftAccountName: bill.eftAccountName,
      eftReferenceNumber: bill.eftReferenceNumber,
      nickname: bill.nickname,
    });
    return result.ok ? [] : result.rejections.map((rejection) => rejection.message);
  }
  return [unknownTypeMessage];
}
