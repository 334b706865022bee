import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCardNumber, isMaskableCardNumber, maskCardNumber } from './card.js';
import { appendCheckDigit } from './check-digit.js';

describe('maskCardNumber (spec 2 §9: masked only when it passes Luhn)', () => {
  it.each([
    ['16-digit Visa test number: first 6 and last 4', '4111111111111111', '411111******1111'],
    ['typed in groups', '4111 1111 1111 1111', '411111******1111'],
    ['with hyphens', '5555-5555-5555-4444', '555555******4444'],
    ['15-digit Amex test number', '378282246310005', '378282*****0005'],
    ['11 digits: first 6 and last 4', '12345678903', '123456*8903'],
    ['exactly 10 digits: first 6 and last 4 leave nothing hidden', '1234567897', '1234567897'],
    ['9 digits: first 1 and last 2', '123456782', '1******82'],
    ['4 digits: first 1 and last 2', '1230', '1*30'],
  ])('%s', (_rule, input, expected) => {
    expect(maskCardNumber(input)).toBe(expected);
  });

  it.each([
    ['fails the Luhn check', '4111111111111112'],
    ['has letters', '4111-1111-abcd-1111'],
    ['is too short to hide anything', '18'],
    ['is blank', ''],
  ])('leaves a value that %s unchanged', (_rule, input) => {
    expect(maskCardNumber(input)).toBe(input);
    expect(isMaskableCardNumber(input)).toBe(false);
  });

  it('keeps the length and the visible ends of any Luhn-valid number (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{3,18}$/), (payload) => {
        const number = appendCheckDigit(payload, 'MOD10V01');
        const masked = maskCardNumber(number);
        const [head, tail] = number.length >= 10 ? [6, 4] : [1, 2];
        expect(masked).toHaveLength(number.length);
        expect(masked.slice(0, head)).toBe(number.slice(0, head));
        expect(masked.slice(-tail)).toBe(number.slice(-tail));
        expect(masked.slice(head, -tail)).toMatch(/^\**$/);
      }),
    );
  });

  it('never masks a number failing Luhn (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{4,19}$/), (digits) => {
        fc.pre(!isMaskableCardNumber(digits));
        expect(maskCardNumber(digits)).toBe(digits);
      }),
    );
  });
});

describe('isCardNumber (13 to 19 digits passing Luhn)', () => {
  it.each([
    ['a 16-digit Visa test number', '4111111111111111', true],
    ['typed in groups', '4111 1111 1111 1111', true],
    ['a 15-digit Amex test number', '378282246310005', true],
    ['failing Luhn', '4111111111111112', false],
    ['10 digits passing Luhn: too short for a card', '1234567897', false],
    ['letters', '4111-1111-abcd-1111', false],
  ])('%s: %s → %s', (_rule, value, expected) => {
    expect(isCardNumber(value)).toBe(expected);
  });
});
