import type { Bsb } from './bsb.js';
import { withoutSpaces, type Checked } from './issue.js';

/**
 * Direct-debit account numbers (spec 1 §9, spec 2 §5): 9 digits starting with 89 or 80, each biller getting
 * its own, paid into the business BSB.
 */

/** Spec 1 §9 / spec 2 §9: the business BSB for direct debits is 654-000 ... */
export const BUSINESS_BSB = '654000' as Bsb;
/** ... which replaced 704-640 (kept for reading old records; not offered for new payments). */
export const FORMER_BUSINESS_BSB = '704640' as Bsb;

/** The prefixes in the order numbers are handed out: the 89 range first, then the 80 range. */
export const DIRECT_DEBIT_PREFIXES = ['89', '80'] as const;
export const DIRECT_DEBIT_ACCOUNT_NUMBER_LENGTH = 9;

export const INVALID_DIRECT_DEBIT_ACCOUNT_NUMBER_MESSAGE = 'Invalid direct debit account number.';
export const DIRECT_DEBIT_ACCOUNT_NUMBER_IN_USE_MESSAGE = 'This direct debit account number is already in use.';
export const DIRECT_DEBIT_NUMBERS_EXHAUSTED_MESSAGE = 'No direct debit account number is left to assign.';

export type DirectDebitRejectionCode =
  'invalidDirectDebitAccountNumber' | 'directDebitAccountNumberInUse' | 'directDebitAccountNumbersExhausted';

const ACCOUNT_NUMBER = /^(?:89|80)\d{7}$/;

/** True for 9 digits starting with 89 or 80 (spaces ignored). */
export function isDirectDebitAccountNumber(value: string): boolean {
  return ACCOUNT_NUMBER.test(withoutSpaces(value));
}

const FIELD = 'directDebitAccountNumber';

/**
 * Whether a direct-debit account number may be given to a biller: well formed and not used by another biller
 * (spec 2 §5, "confirmed usable through assign/validate").
 */
export function validateDirectDebitAccountNumber(
  value: string | null | undefined,
  usedByOtherBillers: Iterable<string> = [],
): Checked<string, DirectDebitRejectionCode> {
  const accountNumber = withoutSpaces(value ?? '');
  if (!ACCOUNT_NUMBER.test(accountNumber)) {
    const message = INVALID_DIRECT_DEBIT_ACCOUNT_NUMBER_MESSAGE;
    return { ok: false, code: 'invalidDirectDebitAccountNumber', message, field: FIELD };
  }
  for (const used of usedByOtherBillers) {
    if (withoutSpaces(used) === accountNumber) {
      const message = DIRECT_DEBIT_ACCOUNT_NUMBER_IN_USE_MESSAGE;
      return { ok: false, code: 'directDebitAccountNumberInUse', message, field: FIELD };
    }
  }
  return { ok: true, value: accountNumber };
}

/**
 * The next direct-debit account number to assign, given every number ever assigned. Numbers are never reused
 * (a closed biller's number may still receive debits), so the next is one above the highest used in the 89
 * range; when that range is full, the 80 range continues the same way. The first number of a range ends in 1.
 */
export function nextDirectDebitAccountNumber(used: Iterable<string>): Checked<string, DirectDebitRejectionCode> {
  const highest = new Map<string, number>();
  for (const value of used) {
    const number = withoutSpaces(value);
    if (!ACCOUNT_NUMBER.test(number)) continue;
    const prefix = number.slice(0, 2);
    highest.set(prefix, Math.max(highest.get(prefix) ?? 0, Number(number.slice(2))));
  }
  for (const prefix of DIRECT_DEBIT_PREFIXES) {
    const next = (highest.get(prefix) ?? 0) + 1;
    if (next <= 9_999_999) return { ok: true, value: `${prefix}${String(next).padStart(7, '0')}` };
  }
  const message = DIRECT_DEBIT_NUMBERS_EXHAUSTED_MESSAGE;
  return { ok: false, code: 'directDebitAccountNumbersExhausted', message, field: FIELD };
}
