import type { Cents } from '../money.js';
import {
  isCardNumber,
  maskCardNumber,
  validateBpayPayment,
  validateDirectDebitAccountNumber,
  validateEftDetails,
  type BpayBillerInfo,
  type Rejection,
} from '../validation/index.js';
import { contingencyFor } from '../bill/bill-amount.rules.js';
import {
  checkBillDetails,
  rejection,
  type BillDetails,
  type BillDetailsContext,
  type BillDetailsInput,
} from '../bill/bill-details.rules.js';
import { PaymentMethod } from '../bill/payment-method.js';

/**
 * The biller details form (spec 2 §3-§5): nickname, payment type and its details (BPAY, EFT, direct debit),
 * amount-varies, auto-payment, notification and the shared bill fields (bill-details.rules.ts). Pure: the caller
 * passes what the database knows (the BPAY catalogue entry, direct-debit numbers in use, the stored reference).
 */

export const NICKNAME_MAX_LENGTH = 80;
export const NOTE_MAX_LENGTH = 1000;

/** The biller form's payment types (spec 2 §3), in the form's order. */
export const BILLER_FORM_PAYMENT_TYPES = [
  PaymentMethod.Bpay,
  PaymentMethod.Eft,
  PaymentMethod.Cheque,
  PaymentMethod.Reimbursement,
  PaymentMethod.DirectDebit,
] as const;

/** Spec 2 §9 notice text: the direct-debit business BSB. */
export const DIRECT_DEBIT_BSB_NOTICE = 'Please note the new BSB is 654-000 (former 704-640).';

// Wording the spec does not give (ours).
export const BILLER_FORM_MESSAGES = {
  nicknameRequired: 'Please enter a nickname for the biller.',
  nicknameTooLong: `The nickname can be at most ${NICKNAME_MAX_LENGTH} characters.`,
  paymentTypeRequired: 'Please choose a payment type: BPAY, EFT, cheque, reimbursement or direct debit.',
  amountVariesRequired: 'Please say whether the amount varies from bill to bill.',
  customerReferenceRequired: 'Please enter the customer reference number.',
  noteTooLong: `The note can be at most ${NOTE_MAX_LENGTH} characters.`,
} as const;

export interface BillerFormInput extends BillDetailsInput {
  nickname: string | null | undefined;
  paymentType: number | null | undefined;
  bPayNumber?: string | null;
  customerReferenceNumber?: string | null;
  bsbNumber?: string | null;
  eftAccountNumber?: string | null;
  eftAccountName?: string | null;
  eftReferenceNumber?: string | null;
  directDebitAccountNumber?: string | null;
  /** doesAmountVaryFromBillToBill: required (spec 2 §5 "an amount-varies choice is required"). */
  doesAmountVaryFromBillToBill?: boolean | null;
  isAutoPaymentBill?: boolean | null;
  isNotificationEnabled?: boolean | null;
  newNoteText?: string | null;
}

export interface BillerFormContext extends BillDetailsContext {
  /** The catalogue entry of the BPAY biller code sent (null: unknown code, answered with 11). */
  bpayBiller: BpayBillerInfo | null;
  /** The stored reference when editing: its masked form sent back unchanged keeps it. */
  storedReference?: string | null;
  /** Direct-debit account numbers other billers hold. */
  directDebitNumbersInUse?: readonly string[];
}

export interface BillerFormValue extends BillDetails {
  nickname: string;
  paymentMethod: PaymentMethod;
  bpayBillerCode: string | null;
  bpayBillerName: string | null;
  customerReferenceNumber: string | null;
  bsbNumber: string | null;
  bsbBankName: string | null;
  eftAccountNumber: string | null;
  eftAccountName: string | null;
  eftReferenceNumber: string | null;
  /** Null for a direct-debit biller without one yet: the service assigns the next free number. */
  directDebitAccountNumber: string | null;
  doesAmountVary: boolean;
  isAutoPayment: boolean;
  isNotificationEnabled: boolean;
  contingencyValue: Cents;
  noteText: string | null;
}

export type BillerFormResult = { ok: true; value: BillerFormValue } | { ok: false; errors: Rejection[] };

/**
 * The reference as a client sees it (spec 2 §3), the one masker for every screen and answer: a reference that is
 * a card number (card length, passes Luhn) gets the card mask (spec 2 §9: first 6 and last 4); any other shows
 * only its last 3 digits.
 */
export function maskCustomerReference(reference: string | null | undefined): string | null {
  if (!reference) return null;
  if (isCardNumber(reference)) return maskCardNumber(reference);
  const shown = Math.min(3, Math.max(reference.length - 1, 0));
  return '*'.repeat(reference.length - shown) + reference.slice(reference.length - shown);
}

function isFormPaymentType(value: unknown): value is PaymentMethod {
  return typeof value === 'number' && (BILLER_FORM_PAYMENT_TYPES as readonly number[]).includes(value);
}

const CONTROL_CHARACTERS = /\p{Cc}/u;

function checkNickname(value: string | null | undefined): string | Rejection {
  const nickname = (value ?? '').trim();
  if (nickname === '') return rejection('nicknameRequired', 'nickname', BILLER_FORM_MESSAGES.nicknameRequired);
  if (Array.from(nickname).length > NICKNAME_MAX_LENGTH || CONTROL_CHARACTERS.test(nickname)) {
    return rejection('nicknameTooLong', 'nickname', BILLER_FORM_MESSAGES.nicknameTooLong);
  }
  return nickname;
}

/**
 * Spec 2 §4 flags: direct debit forces amount-varies, exact date and auto-payment on; otherwise a varying amount
 * is not paid automatically (choosing amount-varies clears auto-payment).
 */
export function paymentFlags(
  paymentType: PaymentMethod,
  amountVaries: boolean,
  autoPayment: boolean,
): { doesAmountVary: boolean; isAutoPayment: boolean; forcesExactDate: boolean } {
  if (paymentType === PaymentMethod.DirectDebit)
    return { doesAmountVary: true, isAutoPayment: true, forcesExactDate: true };
  return { doesAmountVary: amountVaries, isAutoPayment: amountVaries ? false : autoPayment, forcesExactDate: false };
}

/** The form's state when the payment type changes (spec 2 §4), for the client and for tests. */
export interface PaymentTypeState {
  paymentType: PaymentMethod | null;
  doesAmountVaryFromBillToBill: boolean;
  isExactDateOfBillKnown: boolean;
  isAutoPaymentBill: boolean;
  /** The auto-payment value before direct debit forced it on. */
  priorAutoPayment: boolean | null;
  bPayNumber: string | null;
  customerReferenceNumber: string | null;
  bPayNumberValid: boolean;
  customerReferenceValid: boolean;
}

/**
 * Choosing direct debit forces amount-varies, exact date and auto-payment on, remembering the prior auto-payment;
 * leaving direct debit restores it; changing payment type clears the BPAY number and reference if they were invalid.
 */
export function changePaymentType(state: PaymentTypeState, next: PaymentMethod): PaymentTypeState {
  const cleared = {
    bPayNumber: state.bPayNumberValid ? state.bPayNumber : null,
    customerReferenceNumber: state.customerReferenceValid ? state.customerReferenceNumber : null,
  };
  if (next === PaymentMethod.DirectDebit && state.paymentType !== PaymentMethod.DirectDebit) {
    return {
      ...state,
      ...cleared,
      paymentType: next,
      doesAmountVaryFromBillToBill: true,
      isExactDateOfBillKnown: true,
      isAutoPaymentBill: true,
      priorAutoPayment: state.isAutoPaymentBill,
    };
  }
  if (state.paymentType === PaymentMethod.DirectDebit && next !== PaymentMethod.DirectDebit) {
    return {
      ...state,
      ...cleared,
      paymentType: next,
      isAutoPaymentBill: state.priorAutoPayment ?? false,
      priorAutoPayment: null,
    };
  }
  return { ...state, ...cleared, paymentType: next };
}

interface PaymentDetails {
  bpayBillerCode: string | null;
  bpayBillerName: string | null;
  customerReferenceNumber: string | null;
  bsbNumber: string | null;
  bsbBankName: string | null;
  eftAccountNumber: string | null;
  eftAccountName: string | null;
  eftReferenceNumber: string | null;
  directDebitAccountNumber: string | null;
}

const NO_PAYMENT_DETAILS: PaymentDetails = {
  bpayBillerCode: null,
  bpayBillerName: null,
  customerReferenceNumber: null,
  bsbNumber: null,
  bsbBankName: null,
  eftAccountNumber: null,
  eftAccountName: null,
  eftReferenceNumber: null,
  directDebitAccountNumber: null,
};

/** The payment type's own fields (every other type's are cleared), or its rejections. */
export function checkPaymentDetails(
  input: BillerFormInput,
  paymentType: PaymentMethod,
  nickname: string,
  amount: Cents | null,
  context: BillerFormContext,
): PaymentDetails | Rejection[] {
  switch (paymentType) {
    case PaymentMethod.Bpay: {
      const sent = (input.customerReferenceNumber ?? '').trim();
      const stored = context.storedReference ?? null;
      const keepsStored = stored !== null && sent !== '' && sent === maskCustomerReference(stored);
      if (sent === '' && input.bPayNumber) {
        return [rejection('12', 'customerReferenceNumber', BILLER_FORM_MESSAGES.customerReferenceRequired)];
      }
      const result = validateBpayPayment(
        { billerCode: input.bPayNumber, customerReferenceNumber: keepsStored ? stored : sent, amount },
        context.bpayBiller ? [context.bpayBiller] : [],
      );
      if (!result.ok) return [{ ...result, code: String(result.code) }];
      return {
        ...NO_PAYMENT_DETAILS,
        bpayBillerCode: result.billerCode,
        bpayBillerName: result.billerName,
        customerReferenceNumber: keepsStored ? stored : sent.replace(/\s+/g, ''),
      };
    }
    case PaymentMethod.Eft: {
      const result = validateEftDetails({
        bsbNumber: input.bsbNumber,
        eftAccountNumber: input.eftAccountNumber,
        eftAccountName: input.eftAccountName,
        eftReferenceNumber: input.eftReferenceNumber,
        nickname,
      });
      if (!result.ok) return result.rejections.map((r) => ({ ...r, code: String(r.code) }));
      return {
        ...NO_PAYMENT_DETAILS,
        bsbNumber: result.value.bsbNumber,
        bsbBankName: result.value.bankName,
        eftAccountNumber: result.value.eftAccountNumber,
        eftAccountName: result.value.eftAccountName,
        eftReferenceNumber: result.value.eftReferenceNumber,
      };
    }
    case PaymentMethod.DirectDebit: {
      const sent = (input.directDebitAccountNumber ?? '').trim();
      if (sent === '') return NO_PAYMENT_DETAILS; // assigned by the service
      const result = validateDirectDebitAccountNumber(sent, context.directDebitNumbersInUse ?? []);
      if (!result.ok) return [result];
      return { ...NO_PAYMENT_DETAILS, directDebitAccountNumber: result.value };
    }
    default:
      return NO_PAYMENT_DETAILS;
  }
}

/**
 * Rule "biller save" (spec 2 §5): every field checked at once; form errors block the save, an amount-varies
 * choice is required, an overdue option when the biller has overdue bills; the contingency is 10% of the bill
 * value for a varying or direct-debit bill (bill-amount.rules.ts), none for a fixed one.
 */
export function checkBillerForm(input: BillerFormInput, context: BillerFormContext): BillerFormResult {
  const errors: Rejection[] = [];
  const nickname = checkNickname(input.nickname);
  if (typeof nickname !== 'string') errors.push(nickname);
  const paymentType = isFormPaymentType(input.paymentType) ? input.paymentType : null;
  if (paymentType === null) {
    errors.push(rejection('paymentTypeRequired', 'paymentType', BILLER_FORM_MESSAGES.paymentTypeRequired));
  }
  const isDirectDebit = paymentType === PaymentMethod.DirectDebit;
  const amountVaries = input.doesAmountVaryFromBillToBill;
  if ((amountVaries === null || amountVaries === undefined) && !isDirectDebit) {
    errors.push(
      rejection('amountVariesRequired', 'doesAmountVaryFromBillToBill', BILLER_FORM_MESSAGES.amountVariesRequired),
    );
  }
  const details = checkBillDetails(
    { ...input, isExactDateOfBillKnown: isDirectDebit ? true : input.isExactDateOfBillKnown },
    context,
  );
  if (!details.ok) errors.push(...details.errors);
  const amount = details.ok ? details.value.expectedBillValue : (input.expectedBillValue ?? null);
  const payment =
    paymentType !== null && typeof nickname === 'string'
      ? checkPaymentDetails(input, paymentType, nickname, amount, context)
      : null;
  if (Array.isArray(payment)) errors.push(...payment);
  const note = (input.newNoteText ?? '').trim();
  if (Array.from(note).length > NOTE_MAX_LENGTH) {
    errors.push(rejection('noteTooLong', 'newNoteText', BILLER_FORM_MESSAGES.noteTooLong));
  }
  if (errors.length > 0 || !details.ok || payment === null || Array.isArray(payment) || paymentType === null) {
    return { ok: false, errors };
  }
  const flags = paymentFlags(paymentType, amountVaries ?? false, input.isAutoPaymentBill ?? false);
  const value = details.value;
  return {
    ok: true,
    value: {
      ...value,
      ...payment,
      nickname: nickname as string,
      paymentMethod: paymentType,
      doesAmountVary: flags.doesAmountVary,
      isAutoPayment: flags.isAutoPayment,
      isNotificationEnabled: input.isNotificationEnabled ?? true,
      contingencyValue: contingencyFor(value.expectedBillValue, {
        amountVaries: flags.doesAmountVary,
        paymentMethod: paymentType,
      }),
      noteText: note === '' ? null : note,
    },
  };
}
