/**
 * Check-digit routines named as BPAY names them. The check digit is always the last digit of the number.
 * - MOD10V01: Luhn (weights 2,1 from the right of the payload, digits of products summed, 10 - sum mod 10).
 * - MOD10V05: weights 1,2,3,... from the left of the payload, check digit = sum of products mod 10.
 * - none: no check digit.
 */
export const CHECK_DIGIT_ALGORITHMS = ['MOD10V01', 'MOD10V05', 'none'] as const;
export type CheckDigitAlgorithm = (typeof CHECK_DIGIT_ALGORITHMS)[number];

const DIGITS = /^\d+$/;

function digitsOf(payload: string): number[] {
  if (!DIGITS.test(payload)) throw new RangeError(`Not a digit string: "${payload}"`);
  return Array.from(payload, Number);
}

/** The Luhn (MOD10V01) check digit to append to `payload`. */
export function luhnCheckDigit(payload: string): number {
  const digits = digitsOf(payload);
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = digits[digits.length - 1 - i];
    const doubled = i % 2 === 0 ? digit * 2 : digit;
    sum += doubled > 9 ? doubled - 9 : doubled;
  }
  return (10 - (sum % 10)) % 10;
}

/** The MOD10V05 check digit to append to `payload`. */
export function mod10v05CheckDigit(payload: string): number {
  return digitsOf(payload).reduce((sum, digit, index) => sum + digit * (index + 1), 0) % 10;
}

/** True when `value` is at least two digits and its last digit is the Luhn check digit of the rest. */
export function isLuhnValid(value: string): boolean {
  return DIGITS.test(value) && value.length >= 2 && luhnCheckDigit(value.slice(0, -1)) === Number(value.at(-1));
}

/** True when the digit string `value` ends in the check digit `algorithm` expects (always true for 'none'). */
export function hasValidCheckDigit(value: string, algorithm: CheckDigitAlgorithm): boolean {
  if (!DIGITS.test(value)) return false;
  switch (algorithm) {
    case 'none':
      return true;
    case 'MOD10V01':
      return isLuhnValid(value);
    case 'MOD10V05':
      return value.length >= 2 && mod10v05CheckDigit(value.slice(0, -1)) === Number(value.at(-1));
  }
}

/** `payload` followed by its check digit (unchanged for 'none'); handy to build references and test data. */
export function appendCheckDigit(payload: string, algorithm: CheckDigitAlgorithm): string {
  switch (algorithm) {
    case 'none':
      digitsOf(payload);
      return payload;
    case 'MOD10V01':
      return `${payload}${luhnCheckDigit(payload)}`;
    case 'MOD10V05':
      return `${payload}${mod10v05CheckDigit(payload)}`;
  }
}
