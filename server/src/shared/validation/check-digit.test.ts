import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  appendCheckDigit,
  CHECK_DIGIT_ALGORITHMS,
  hasValidCheckDigit,
  isLuhnValid,
  luhnCheckDigit,
  mod10v05CheckDigit,
} from './check-digit.js';

const payload = fc.stringMatching(/^\d{1,19}$/);

describe('check digits (BPAY reference algorithms, spec 2 §5; card Luhn, spec 2 §9)', () => {
  it.each([
    ['89557136', 'MOD10V01', true],
    ['89557137', 'MOD10V01', false],
    ['79927398713', 'MOD10V01', true],
    ['4111111111111111', 'MOD10V01', true],
    ['87348538', 'MOD10V05', true],
    ['87348531', 'MOD10V05', false],
    ['87348538', 'none', true],
    ['1', 'none', true],
    ['8', 'MOD10V01', false],
    ['12a4', 'none', false],
    ['', 'none', false],
  ] as const)('%s with %s is %s', (value, algorithm, expected) => {
    expect(hasValidCheckDigit(value, algorithm)).toBe(expected);
  });

  it('computes the Luhn and MOD10V05 digits of a payload', () => {
    expect(luhnCheckDigit('8955713')).toBe(6);
    expect(mod10v05CheckDigit('8734853')).toBe(8);
    expect(appendCheckDigit('8734853', 'MOD10V05')).toBe('87348538');
    expect(appendCheckDigit('123', 'none')).toBe('123');
  });

  it('refuses to compute a check digit over anything but digits (a programming error)', () => {
    expect(() => luhnCheckDigit('12x')).toThrow(RangeError);
  });

  it('always accepts a payload with its own check digit appended', () => {
    fc.assert(
      fc.property(payload, fc.constantFrom(...CHECK_DIGIT_ALGORITHMS), (digits, algorithm) => {
        expect(hasValidCheckDigit(appendCheckDigit(digits, algorithm), algorithm)).toBe(true);
      }),
    );
  });

  it('catches every single mistyped digit under Luhn', () => {
    fc.assert(
      fc.property(payload, fc.nat(), fc.integer({ min: 1, max: 9 }), (digits, at, shift) => {
        const valid = appendCheckDigit(digits, 'MOD10V01');
        const index = at % valid.length;
        const wrong = (Number(valid[index]) + shift) % 10;
        const typo = `${valid.slice(0, index)}${wrong}${valid.slice(index + 1)}`;
        expect(isLuhnValid(typo)).toBe(false);
      }),
    );
  });

  it('catches a mistyped check digit under MOD10V05', () => {
    fc.assert(
      fc.property(payload, fc.integer({ min: 1, max: 9 }), (digits, shift) => {
        const valid = appendCheckDigit(digits, 'MOD10V05');
        const typo = `${digits}${(Number(valid.at(-1)) + shift) % 10}`;
        expect(hasValidCheckDigit(typo, 'MOD10V05')).toBe(false);
      }),
    );
  });
});
