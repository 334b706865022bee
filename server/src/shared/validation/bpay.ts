import { cents, max, type Cents } from '../money.js';
import { hasValidCheckDigit, type CheckDigitAlgorithm } from './check-digit.js';
import { SERVICE_UNAVAILABLE_MESSAGE, withoutSpaces, type Rejection } from './issue.js';

/**
 * BPAY payment details (spec 1 §5, spec 2 §5): the biller code is checked first, then the customer reference as
 * soon as one is given (issue 26 item 7: not only once there is an amount), then, with an amount, the biller's limits.
 */

/** The answer codes of the BPAY validation call (spec 2 §5); any other code means "service unavailable". */
export const BpayValidationCode = {
  /** Valid: the biller name is returned. */
  Valid: 0,
  InvalidBillerCode: 11,
  InvalidCustomerReference: 12,
  AmountAboveMaximum: 13,
  AmountBelowMinimum: 15,
} as const;
export type BpayValidationCode = (typeof BpayValidationCode)[keyof typeof BpayValidationCode];
export type BpayRejectionCode = Exclude<BpayValidationCode, 0>;

/** Spec 1 §8 / spec 2 §8: the validation call itself failed (submit stays disabled). */
export const BPAY_SERVER_ERROR_MESSAGE = 'Could not validate BPAY number due to a server error.';

/** Wording for codes 11-15 is not given by the spec; these are ours. */
export const BPAY_MESSAGES: Readonly<Record<BpayRejectionCode, string>> = {
  11: 'Invalid BPAY biller code.',
  12: 'Invalid customer reference number.',
  13: 'The amount is higher than this biller allows.',
  15: 'The amount is lower than this biller allows.',
};

/** Biller codes are 3 to 10 digits; the spec gives no check digit for them, the catalogue lookup decides. */
export const BILLER_CODE_MIN_LENGTH = 3;
export const BILLER_CODE_MAX_LENGTH = 10;
/** Spec 1 §5, spec 2 §9: the customer reference number is 1 to 20 digits. */
export const CUSTOMER_REFERENCE_MIN_LENGTH = 1;
export const CUSTOMER_REFERENCE_MAX_LENGTH = 20;
/** A BPAY payment is at least one cent, whatever a biller record says. */
export const BPAY_MIN_AMOUNT: Cents = cents(1);

/** One biller of the BPAY catalogue (data passed in: the demo list, or a row loaded by the server). */
export interface BpayBillerInfo {
  billerCode: string;
  name: string;
  referenceAlgorithm: CheckDigitAlgorithm;
  minAmount?: Cents;
  maxAmount?: Cents;
  /** An exact length, or a range, that this biller's references have (within 1 to 20). */
  referenceLength?: number | { min: number; max: number };
}

export interface BpayPaymentInput {
  /** The BPAY number (biller code), as typed or as stored. */
  billerCode: string | number | null | undefined;
  customerReferenceNumber?: string | null;
  amount?: Cents | null;
  /** The reference as loaded (masked with `*`); an unchanged masked value is not re-validated. */
  loadedReference?: string | null;
}

export interface BpayValid {
  ok: true;
  code: 0;
  billerCode: string;
  billerName: string;
  /**
   * 'billerCode' when no reference was given (only the biller code was checked); 'reference' when the reference
   * was checked too but no amount; 'full' with the amount's limits.
   */
  scope: 'billerCode' | 'reference' | 'full';
}

export interface BpayRejection extends Rejection<BpayRejectionCode> {
  field: 'bPayNumber' | 'customerReferenceNumber' | 'amount';
  /** The biller's limit that the amount broke (codes 13 and 15). */
  limit?: Cents;
}

export type BpayValidationResult = BpayValid | BpayRejection;

const BILLER_CODE = new RegExp(`^\\d{${BILLER_CODE_MIN_LENGTH},${BILLER_CODE_MAX_LENGTH}}$`);
const CUSTOMER_REFERENCE = new RegExp(`^\\d{${CUSTOMER_REFERENCE_MIN_LENGTH},${CUSTOMER_REFERENCE_MAX_LENGTH}}$`);

/** The biller code as a digit string with spaces removed, or undefined when it is not 3 to 10 digits. */
export function normaliseBillerCode(value: string | number | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  const text = typeof value === 'number' ? (Number.isSafeInteger(value) ? String(value) : '') : withoutSpaces(value);
  return BILLER_CODE.test(text) ? text : undefined;
}

/** A reference that still shows the `*` mask it was loaded with has not been edited. */
export function isUneditedMaskedReference(value: string, loadedReference: string | null | undefined): boolean {
  return value.includes('*') && value === loadedReference;
}

function lengthFits(length: number, rule: BpayBillerInfo['referenceLength']): boolean {
  if (rule === undefined) return true;
  if (typeof rule === 'number') return length === rule;
  return length >= rule.min && length <= rule.max;
}

/**
 * Checks a customer reference number on its own: digits only, 1 to 20 (spaces ignored), and, when the biller
 * is known, its length and check digit. Returns the reference without spaces, or undefined when invalid.
 */
export function normaliseCustomerReference(value: string, biller?: BpayBillerInfo): string | undefined {
  const text = withoutSpaces(value);
  if (!CUSTOMER_REFERENCE.test(text)) return undefined;
  if (biller && !lengthFits(text.length, biller.referenceLength)) return undefined;
  if (biller && !hasValidCheckDigit(text, biller.referenceAlgorithm)) return undefined;
  return text;
}

function reject(code: BpayRejectionCode, field: BpayRejection['field'], limit?: Cents): BpayRejection {
  const rejection: BpayRejection = { ok: false, code, message: BPAY_MESSAGES[code], field };
  return limit === undefined ? rejection : { ...rejection, limit };
}

/**
 * The BPAY validation of spec 1 §5 / spec 2 §5, answering with the spec's codes. The biller code is checked
 * first (11); with a reference, then the reference (12), even before an amount is typed; with an amount too, the
 * biller's maximum (13) and minimum (15). A masked reference left untouched counts as given but is not re-checked.
 */
export function validateBpayPayment(
  input: BpayPaymentInput,
  catalogue: readonly BpayBillerInfo[],
): BpayValidationResult {
  const billerCode = normaliseBillerCode(input.billerCode);
  const biller = billerCode === undefined ? undefined : catalogue.find((entry) => entry.billerCode === billerCode);
  if (billerCode === undefined || biller === undefined) return reject(11, 'bPayNumber');

  const valid = (scope: BpayValid['scope']): BpayValid => ({
    ok: true,
    code: 0,
    billerCode,
    billerName: biller.name,
    scope,
  });
  const reference = input.customerReferenceNumber ?? '';
  const amount = input.amount;
  if (reference.trim() === '') return valid('billerCode');

  const masked = isUneditedMaskedReference(reference, input.loadedReference);
  if (!masked && normaliseCustomerReference(reference, biller) === undefined) {
    return reject(12, 'customerReferenceNumber');
  }
  if (amount === null || amount === undefined) return valid('reference');
  if (biller.maxAmount !== undefined && amount > biller.maxAmount) return reject(13, 'amount', biller.maxAmount);
  const minimum = max(biller.minAmount ?? BPAY_MIN_AMOUNT, BPAY_MIN_AMOUNT);
  if (amount < minimum) return reject(15, 'amount', minimum);
  return valid('full');
}

/**
 * The client's message for a BPAY answer code (from this module or from the server): none for 0, the code's
 * message for 11-15, and 'The service is not available…' for any other code.
 */
export function bpayMessage(code: number): string | undefined {
  if (code === BpayValidationCode.Valid) return undefined;
  return isBpayRejectionCode(code) ? BPAY_MESSAGES[code] : SERVICE_UNAVAILABLE_MESSAGE;
}

export function isBpayRejectionCode(code: number): code is BpayRejectionCode {
  return code === 11 || code === 12 || code === 13 || code === 15;
}
