import { DomainError } from '../../shared/errors.js';
import type { BpayRejectionCode, EftRejectionCode } from '../../shared/validation/index.js';
import type { MoneyRefusalCode } from '../../shared/money-movement.rules.js';

/** Payment details refused on re-validation: the validators' own codes (BPAY 11-15, BSB 14, EFT fields). */
export type PaymentDetailsCode = `${BpayRejectionCode}` | '14' | EftRejectionCode;

/** Why a payment, reimbursement, reversal, top-up or approval was refused (returned as data, never thrown to HTTP). */
export type PaymentErrorCode =
  | 'INVALID_AMOUNT'
  | 'TOP_UP_REQUIRED'
  | 'TOP_UP_OPTION_UNAVAILABLE'
  | 'LINKED_ACCOUNT_REQUIRED'
  | 'INSUFFICIENT_FUNDS'
  | 'BILLER_ON_HOLD'
  | 'BILL_NOT_PAYABLE'
  | 'BILLER_ADDED_TODAY'
  | 'REIMBURSE_NOT_ALLOWED'
  | 'REVERSAL_NOT_ALLOWED'
  | 'APPROVAL_NOT_ALLOWED'
  | 'INVALID_MANAGER_CREDENTIALS'
  | 'TOO_MANY_ATTEMPTS'
  | 'REPEATED_TOP_UP'
  | 'UNKNOWN_PAYMENT_TYPE'
  | 'CATCH_UP_ABOVE_ARREARS'
  | MoneyRefusalCode
  | PaymentDetailsCode;

/** The spec's wording where it has some (1 §4, §5, §8); ours otherwise. */
export const PAYMENT_MESSAGES = {
  invalidAmount: 'The amount must be greater than 0, with at most 2 decimals.',
  topUpRequired: "Can't proceed without paybill",
  topUpOptionUnavailable: 'This top-up option is not available for this payment.',
  linkedAccountRequired: 'Please select a linked savings account.',
  insufficientFunds: 'Insufficient funds in the selected account.',
  billNotPayable: 'This bill has already been paid, reimbursed or reversed.',
  billerAddedToday: "Can't reimburse a biller that was added today to the agreement.",
  reimburseLinkedAccount: 'A reimbursement cannot be topped up from a linked account.',
  reversalNotAllowed:
    'Only full deposits and payments still pending (9am-3pm and 3pm-9am) can be reversed, and only once.',
  repeatedTopUp:
    'The same top-up from this account was made less than a minute ago. Check the activity list; to top up again, wait a minute.',
  approvalNotAllowed: 'A manager cannot approve their own request, and an approval is decided once.',
  badManagerCredentials: 'The manager username or password is incorrect.',
  unknownPaymentType:
    'This bill has no BPAY or EFT details, so it can only be paid as a category bill, from what is set aside for its category.',
} as const;

/** A catch-up deposit larger than the arrears: the member is told how much is owed. */
export function catchUpAboveArrearsMessage(owed: string): string {
  return `A catch-up deposit can be at most what is owed: ${owed}.`;
}

export class PaymentError extends DomainError {
  declare readonly code: PaymentErrorCode;

  constructor(code: PaymentErrorCode, message: string, field?: string) {
    super(code, message, field);
    this.name = 'PaymentError';
  }
}
