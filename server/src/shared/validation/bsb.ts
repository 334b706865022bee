import { AUSTRALIAN_BSB_DIRECTORY, lookupBankName, type BsbDirectory } from './bsb-directory.js';
import { SERVICE_UNAVAILABLE_MESSAGE, type Rejection } from './issue.js';

/**
 * BSB numbers (spec 1 §5, spec 2 §5 and §9): up to 6 digits with an optional hyphen before the last three,
 * padded with zeros to 6 digits, shown `062-000`; a BSB of 0 is empty; the bank name must be found.
 */

/** Exactly 6 digits, the stored and wire form. */
export type Bsb = string & { readonly __brand: 'Bsb' };

/** The answer codes of the BSB validation call (spec 2 §5); other codes show the returned reason. */
export const BsbValidationCode = {
  /** Valid: the bank name is returned. */
  Valid: 0,
  InvalidBsb: 14,
} as const;
export type BsbValidationCode = (typeof BsbValidationCode)[keyof typeof BsbValidationCode];

/** Spec 2 §5 and §8, word for word. */
export const INVALID_BSB_MESSAGE = 'Invalid Bsb number';
/** Spec 1 §8 / spec 2 §8: the validation call itself failed. */
export const BSB_SERVER_ERROR_MESSAGE = 'Could not validate BSB number due to a server error.';

export type BsbParseResult = { status: 'valid'; bsb: Bsb } | { status: 'empty' } | { status: 'invalid' };

export interface BsbValid {
  ok: true;
  code: 0;
  bsb: Bsb;
  bankName: string;
}

export interface BsbRejection extends Rejection<14> {
  field: 'bsbNumber';
}

export type BsbValidationResult = BsbValid | BsbRejection;

// Digits only, or a hyphen before the last three ('062-000', '62-000'); at most 6 digits either way.
const BSB_TEXT = /^(?:\d{1,6}|\d{1,3}-\d{3})$/;

/**
 * Reads a BSB as typed or stored: '062-000', '062000', '62000' or the number 62000 all give '062000'.
 * Zero ('0', '000-000') and blank are empty; anything else not readable as a BSB is invalid.
 */
export function parseBsb(input: string | number | null | undefined): BsbParseResult {
  if (input === null || input === undefined) return { status: 'empty' };
  let digits: string;
  if (typeof input === 'number') {
    if (!Number.isInteger(input) || input < 0 || input > 999_999) return { status: 'invalid' };
    digits = String(input);
  } else {
    const text = input.trim();
    if (text === '') return { status: 'empty' };
    if (!BSB_TEXT.test(text)) return { status: 'invalid' };
    digits = text.replace('-', '');
  }
  if (/^0+$/.test(digits)) return { status: 'empty' };
  return { status: 'valid', bsb: digits.padStart(6, '0') as Bsb };
}

/** `062-000`, the display form (accepts anything `parseBsb` reads; returns '' when empty or invalid). */
export function formatBsb(input: string | number | null | undefined): string {
  const parsed = parseBsb(input);
  return parsed.status === 'valid' ? `${parsed.bsb.slice(0, 3)}-${parsed.bsb.slice(3)}` : '';
}

/**
 * The BSB validation of spec 2 §5: code 0 with the bank name, or 14 'Invalid Bsb number' when the BSB is
 * empty, unreadable, or belongs to no institution in the directory.
 */
export function validateBsb(
  input: string | number | null | undefined,
  directory: BsbDirectory = AUSTRALIAN_BSB_DIRECTORY,
): BsbValidationResult {
  const parsed = parseBsb(input);
  const bankName = parsed.status === 'valid' ? lookupBankName(parsed.bsb, directory) : undefined;
  if (parsed.status !== 'valid' || bankName === undefined) {
    return { ok: false, code: 14, message: INVALID_BSB_MESSAGE, field: 'bsbNumber' };
  }
  return { ok: true, code: 0, bsb: parsed.bsb, bankName };
}

/**
 * The client's message for a BSB answer code (from this module or the server): none for 0, 'Invalid Bsb
 * number' for 14, otherwise the reason the server returned, or 'The service is not available…'.
 */
export function bsbMessage(code: number, reason?: string | null): string | undefined {
  if (code === BsbValidationCode.Valid) return undefined;
  if (code === BsbValidationCode.InvalidBsb) return INVALID_BSB_MESSAGE;
  return reason?.trim() ? reason : SERVICE_UNAVAILABLE_MESSAGE;
}
