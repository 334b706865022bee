import { DomainError } from '../../common/errors.js';
import type { BpayRejectionCode, EftRejectionCode } from '../../common/validation/index.js';

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
  | 'AGREEMENT_NOT_PAYABLE'
  | 'PAYMENT_SUSPENDED_IN_ARREARS'
  | 'MANAGER_APPROVAL_REQUIRED'
  | 'BILL_NOT_PAYABLE'
  | 'BILLER_ADDED_TODAY'
  | 'REIMBURSE_IN_MISSED_DEPOSIT'
  | 'REIMBURSE_NOT_ALLOWED'
  | 'REVERSAL_NOT_ALLOWED'
  | 'TOP_UP_NOT_ALLOWED'
  | 'APPROVAL_NOT_ALLOWED'
  | 'INVALID_MANAGER_CREDENTIALS'
  | 'TOO_MANY_ATTEMPTS'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'REPEATED_TOP_UP'
  | 'INVALID_IDEMPOTENCY_KEY'
  | 'UNKNOWN_PAYMENT_TYPE'
  | PaymentDetailsCode;

/** The spec's wording where it has some (1 §4, §5, §8); ours otherwise. */
export const PAYMENT_MESSAGES = {
  invalidAmount: 'The amount must be greater than 0, with at most 2 decimals.',
  topUpRequired: "Can't proceed without paybill",
  topUpOptionUnavailable: 'This top-up option is not available for this payment.',
  linkedAccountRequired: 'Please select a linked savings account.',
  insufficientFunds: 'Insufficient funds in the selected account.',
  agreementNotPayable: 'Bills can only be paid while the agreement is active.',
  suspendedInArrears: 'Bill payments are suspended until the missed deposit is received in full.',
  approvalRequired: 'A manager approval is needed to pay this bill while the agreement is in Missed Deposit.',
  billNotPayable: 'This bill has already been paid, reimbursed or reversed.',
  billerAddedToday: "Can't reimburse a biller that was added today to the agreement.",
  reimburseInMissedDeposit: 'Bills cannot be reimbursed while agreement is in Missed Deposit',
  reimburseLinkedAccount: 'A reimbursement cannot be topped up from a linked account.',
  reversalNotAllowed:
    'Only full deposits and payments still pending (9am-3pm and 3pm-9am) can be reversed, and only once.',
  topUpNotAllowed: 'The rainy day can only be topped up while the agreement is approved or active.',
  repeatedTopUp:
    'The same top-up from this account was made less than a minute ago. Check the activity list; to top up again, wait a minute.',
  approvalNotAllowed: 'A manager cannot approve their own request, and an approval is decided once.',
  badManagerCredentials: 'The manager username or password is incorrect.',
  keyReused: 'This idempotency key was already used for a different request.',
  unknownPaymentType:
    "This bill's payment type is Unknown: it can only be paid as an allocation (choose Allocation, not Bill).",
  invalidKey: 'An idempotency key of 8 to 100 characters (letters, digits, - and _) is required.',
} as const;

/** "{biller} bill paid on the {date} has failed and has been placed on hold awaiting resolution" (1 §4). */
export function billerOnHoldMessage(biller: string, date: string): string {
  return `${biller} bill paid on the ${date} has failed and has been placed on hold awaiting resolution`;
}

export class PaymentError extends DomainError {
  declare readonly code: PaymentErrorCode;

  constructor(code: PaymentErrorCode, message: string, field?: string) {
    super(code, message, field);
    this.name = 'PaymentError';
  }
}
