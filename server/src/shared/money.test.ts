import { describe, expect, it } from 'vitest';
import { cents, formatCurrency, parseMoney, percentOf, split, sum, toDecimalString } from './money.js';

describe('money', () => {
  it.each([
    ['12', 1200],
    ['12.3', 1230],
    ['12.34', 1234],
    ['-0.05', -5],
    ['0', 0],
    ['+7.5', 750],
    [' 12.30 ', 1230],
    ['00012.04', 1204],
    ['999999999999.99', 99999999999999],
  ])('parses %s into %i cents', (text, expected) => {
    expect(parseMoney(text)).toBe(expected);
  });

  it.each([
    '12.345',
    'abc',
    '1e3',
    '',
    '1.2.3',
    '12.',
    '.5',
    '-',
    '+',
    '--1',
    '1 2',
    '1,5',
    '0x10',
    '١٢',
    '123456789012345',
  ])('refuses "%s"', (text) => {
    expect(() => parseMoney(text)).toThrow();
  });

  it('refuses fractional cents', () => {
    expect(() => cents(1.5)).toThrow();
  });

  it('prints the wire and display forms', () => {
    expect(toDecimalString(cents(-123456))).toBe('-1234.56');
    expect(toDecimalString(cents(5))).toBe('0.05');
    expect(formatCurrency(cents(123456))).toBe('$1,234.56');
    expect(formatCurrency(cents(-500))).toBe('-$5.00');
    expect(formatCurrency(cents(500), { signed: true })).toBe('+$5.00');
  });

  it('rounds a 10% contingency half away from zero', () => {
    expect(percentOf(cents(12345), 10)).toBe(1235);
    expect(percentOf(cents(12344), 10)).toBe(1234);
    expect(percentOf(cents(-12345), 10)).toBe(-1235);
  });

  it('splits so that the shares add up exactly', () => {
    const shares = split(cents(1000), 3);
    expect(shares).toEqual([334, 333, 333]);
    expect(sum(shares)).toBe(1000);
  });
});
