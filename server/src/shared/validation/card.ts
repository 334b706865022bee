import { isLuhnValid } from './check-digit.js';

/**
 * Card number masking (spec 2 §9): a number that passes the Luhn check is masked, showing the first 6 and last
 * 4 digits when it has 10 or more digits, otherwise the first 1 and last 2. Anything else is left as it was,
 * so ordinary numbers (amounts, references) are not mangled.
 */

export const CARD_MASK_CHARACTER = '*';

/**
 * The masked card number (digits only, spaces and hyphens dropped), or `value` unchanged when it is not a
 * Luhn-valid digit string or too short (3 digits or fewer) for the mask to hide anything.
 */
export function maskCardNumber(value: string): string {
  const digits = value.replace(/[\s-]+/g, '');
  if (digits.length <= 3 || !isLuhnValid(digits)) return value;
  const [head, tail] = digits.length >= 10 ? [6, 4] : [1, 2];
  const hidden = CARD_MASK_CHARACTER.repeat(digits.length - head - tail);
  return `${digits.slice(0, head)}${hidden}${digits.slice(-tail)}`;
}

/** True when `value` (spaces and hyphens ignored) is a Luhn-valid digit string that `maskCardNumber` masks. */
export function isMaskableCardNumber(value: string): boolean {
  const digits = value.replace(/[\s-]+/g, '');
  return digits.length > 3 && isLuhnValid(digits);
}

/** Card numbers are 13 to 19 digits long (ISO/IEC 7812): shorter or longer references are not cards. */
export const CARD_NUMBER_LENGTH = { min: 13, max: 19 } as const;

/** True when `value` is a card number: 13 to 19 digits (spaces and hyphens ignored) that pass the Luhn check. */
export function isCardNumber(value: string): boolean {
  const digits = value.replace(/[\s-]+/g, '');
  return (
    /^\d+$/.test(digits) &&
    digits.length >= CARD_NUMBER_LENGTH.min &&
    digits.length <= CARD_NUMBER_LENGTH.max &&
    isLuhnValid(digits)
  );
}
