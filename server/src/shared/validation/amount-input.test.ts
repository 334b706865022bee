import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents, MAX_CENTS, toDecimalString } from '../money.js';
import {
  checkTotalBillValue,
  formatAmountInput,
  multipleDecimalPointsMessage,
  parseBillAmount,
  readAmountInput,
  sanitiseAmountInput,
} from './amount-input.js';

describe('sanitiseAmountInput (spec 1 §5: only digits and a decimal point; one point at most)', () => {
  it.each([
    ['$1,234.50', '1234.50'],
    ['12.5', '12.5'],
    ['-5', '5'],
    ['1 000', '1000'],
    ['abc', ''],
    ['', ''],
    ['.', '.'],
  ])('keeps %s as "%s"', (raw, text) => {
    expect(sanitiseAmountInput(raw)).toEqual({ text });
  });

  it.each([
    ['12.3.4', '12.3.4'],
    ['$1.2.', '1.2.'],
    ['..', '..'],
  ])('clears %s and reports the multiple decimal points', (raw, amount) => {
    expect(sanitiseAmountInput(raw, 'billAmount')).toEqual({
      text: '',
      error: {
        ok: false,
        code: 'multipleDecimalPoints',
        message: `Can't have multiple decimal points in amount ${amount}`,
        field: 'billAmount',
      },
    });
  });

  it('carries the spec wording', () => {
    expect(multipleDecimalPointsMessage('1.2.3')).toBe("Can't have multiple decimal points in amount 1.2.3");
  });

  it('leaves only digits and at most one point (property)', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const { text, error } = sanitiseAmountInput(raw);
        expect(text).toMatch(/^\d*\.?\d*$/);
        if (error) expect(text).toBe('');
      }),
    );
  });
});

describe('parseBillAmount (spec 1 §5: a number, absolute value, 2 decimals; non-numeric is empty)', () => {
  it.each<[string | number, number]>([
    ['12', 1200],
    ['12.3', 1230],
    ['12.34', 1234],
    ['12.345', 1235],
    ['12.344', 1234],
    ['1.005', 101],
    ['0.004', 0],
    ['-7.5', 750],
    ['+7.5', 750],
    ['.5', 50],
    ['5.', 500],
    ['  42.10 ', 4210],
    ['0000123', 12300],
    ['999999999999.99', MAX_CENTS],
    [0.1 + 0.2, 30],
    [1.005, 101],
    [-3, 300],
    [0, 0],
  ])('reads %s as %i cents', (value, expected) => {
    expect(parseBillAmount(value)).toBe(expected);
  });

  it.each<[string, string | number | null | undefined]>([
    ['blank', ''],
    ['a lone point', '.'],
    ['a lone sign', '-'],
    ['letters', 'abc'],
    ['trailing letters', '12abc'],
    ['an exponent', '1e3'],
    ['a thousands separator', '1,000'],
    ['two points', '1.2.3'],
    ['too many dollars', '1000000000000'],
    ['rounding past the largest amount', '999999999999.995'],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['a huge number', 1e20],
    ['null', null],
    ['undefined', undefined],
  ])('gives no amount for %s', (_rule, value) => {
    expect(parseBillAmount(value)).toBeUndefined();
  });

  it('reads back every amount it formats, sign dropped (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_CENTS, max: MAX_CENTS }), (n) => {
        expect(parseBillAmount(toDecimalString(cents(n)))).toBe(Math.abs(n));
      }),
    );
  });

  it('reads a number of dollars to the exact cent, without float drift (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_CENTS }), (n) => {
        expect(parseBillAmount(n / 100)).toBe(n);
      }),
    );
  });
});

describe('readAmountInput and formatAmountInput', () => {
  it('sanitises then reads what was typed', () => {
    expect(readAmountInput('$12.50')).toEqual({ text: '12.50', amount: 1250 });
    expect(readAmountInput('abc')).toEqual({ text: '', amount: undefined });
    expect(readAmountInput('1.2.3')).toMatchObject({
      text: '',
      amount: undefined,
      error: { code: 'multipleDecimalPoints' },
    });
  });

  it('writes cents back as a plain decimal', () => {
    expect(formatAmountInput(cents(123450))).toBe('1234.50');
    expect(formatAmountInput(undefined)).toBe('');
  });
});

describe('checkTotalBillValue (spec 2 §5: total bill value must be greater than 0)', () => {
  it.each<[number | undefined, boolean]>([
    [1, true],
    [0, false],
    [-100, false],
    [undefined, false],
  ])('%s cents is %s', (amount, ok) => {
    const value = amount === undefined ? undefined : cents(amount);
    expect(checkTotalBillValue(value).ok).toBe(ok);
  });

  it('names the invalidTotalBillValue code and the field', () => {
    expect(checkTotalBillValue(cents(0))).toMatchObject({ code: 'invalidTotalBillValue', field: 'expectedBillValue' });
  });
});
