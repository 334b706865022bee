import { cents, MAX_CENTS, toDecimalString, type Cents } from '../money.js';
import type { Checked, Rejection } from './issue.js';

/**
 * Amounts typed by people (spec 1 §5). The input keeps only digits and a decimal point; a second decimal point
 * is an error that clears the value. A bill amount is read as a number, made positive and rounded to 2
 * decimals (half up, on the exact decimal, never through floating point); anything else is empty.
 */

/** Spec 1 §5, word for word, with the amount as it stood (digits and points only) substituted. */
export function multipleDecimalPointsMessage(amount: string): string {
  return `Can't have multiple decimal points in amount ${amount}`;
}

export const INVALID_TOTAL_BILL_VALUE_MESSAGE = 'The bill amount must be greater than $0.00.';

export interface SanitisedAmountInput {
  /** What the input box should now show. */
  text: string;
  error?: Rejection<'multipleDecimalPoints'>;
}

/** Keeps only digits and decimal points; more than one point clears the text and reports the error. */
export function sanitiseAmountInput(raw: string | null | undefined, field = 'amount'): SanitisedAmountInput {
  const text = (raw ?? '').replace(/[^\d.]/g, '');
  if (text.indexOf('.') !== text.lastIndexOf('.')) {
    const message = multipleDecimalPointsMessage(text);
    return { text: '', error: { ok: false, code: 'multipleDecimalPoints', message, field } };
  }
  return { text };
}

const DECIMAL = /^[+-]?(\d*)(?:\.(\d*))?$/;
const MAX_WHOLE_DOLLARS = Math.trunc(MAX_CENTS / 100);

/**
 * A bill amount in cents: the absolute value rounded half up to the cent, or undefined when the value is not
 * a plain decimal number (blank, letters, exponents, thousands separators) or is too large to hold.
 */
export function parseBillAmount(value: string | number | null | undefined): Cents | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number' && (!Number.isFinite(value) || Math.abs(value) > MAX_WHOLE_DOLLARS + 1)) {
    return undefined;
  }
  // toFixed(10) spells a number out exactly enough to round to the cent without float arithmetic.
  const text = typeof value === 'number' ? value.toFixed(10) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) return undefined;
  const [, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return undefined;
  const dollars = whole.replace(/^0+/, '');
  if (dollars.length > String(MAX_WHOLE_DOLLARS).length) return undefined;
  const roundUp = Number(fraction.charAt(2) || '0') >= 5 ? 1 : 0;
  const amount = Number(dollars || '0') * 100 + Number(fraction.slice(0, 2).padEnd(2, '0')) + roundUp;
  return amount <= MAX_CENTS ? cents(amount) : undefined;
}

/** The text to put back in an amount box: '1234.50' (blank for no amount). */
export function formatAmountInput(amount: Cents | null | undefined): string {
  return amount === null || amount === undefined ? '' : toDecimalString(amount);
}

export interface AmountInput {
  text: string;
  amount: Cents | undefined;
  error?: Rejection<'multipleDecimalPoints'>;
}

/** Sanitises what was typed, then reads it as a bill amount: the two steps an amount box runs on input. */
export function readAmountInput(raw: string | null | undefined, field = 'amount'): AmountInput {
  const sanitised = sanitiseAmountInput(raw, field);
  return { ...sanitised, amount: parseBillAmount(sanitised.text) };
}

/** Spec 2 §5: the total bill value must be greater than 0 (invalidTotalBillValueError). */
export function checkTotalBillValue(
  amount: Cents | null | undefined,
  field = 'expectedBillValue',
): Checked<Cents, 'invalidTotalBillValue'> {
  if (amount === null || amount === undefined || amount <= 0) {
    return { ok: false, code: 'invalidTotalBillValue', message: INVALID_TOTAL_BILL_VALUE_MESSAGE, field };
  }
  return { ok: true, value: amount };
}
