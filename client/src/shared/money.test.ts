import { describe, expect, it } from 'vitest';
import { formatMoney, moneyToNumber } from './money';

describe('formatMoney', () => {
  it.each([
    ['1234.50', '$1,234.50'],
    ['0', '$0.00'],
    ['-0.00', '$0.00'],
    ['-12.3', '-$12.30'],
    ['1000000', '$1,000,000.00'],
    ['999.99', '$999.99'],
    ['1000', '$1,000.00'],
    ['-1234567.8', '-$1,234,567.80'],
    ['999999999999.99', '$999,999,999,999.99'],
    [5.005, '$5.01'],
    [' 7.10 ', '$7.10'],
  ])('shows %s as %s', (value, shown) => {
    expect(formatMoney(value)).toBe(shown);
  });

  it.each([
    ['5', '+$5.00'],
    ['-12.30', '-$12.30'],
    ['0.00', '$0.00'],
    ['-0.001', '$0.00'],
  ])('with a sign shows %s as %s', (value, shown) => {
    expect(formatMoney(value, { sign: true })).toBe(shown);
  });

  it('shows the placeholder for a missing or unreadable amount', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatMoney(undefined, { missing: '—' })).toBe('—');
    expect(formatMoney('12,50', { missing: '—' })).toBe('—');
    expect(formatMoney(Number.NaN, { missing: '—' })).toBe('—');
    expect(formatMoney(1e15, { missing: '—' })).toBe('—');
  });
});

describe('formatMoney compact', () => {
  it('shortens axis labels', () => {
    expect(formatMoney(2000, { compact: true })).toBe('$2K');
    expect(formatMoney('-500', { compact: true })).toBe('-$500');
    expect(formatMoney(1250000, { compact: true })).toBe('$1.3M');
  });
});

describe('moneyToNumber', () => {
  it('reads decimal strings and rejects anything else', () => {
    expect(moneyToNumber('-3.25')).toBe(-3.25);
    expect(moneyToNumber('+4')).toBe(4);
    expect(moneyToNumber('1e3')).toBeNull();
    expect(moneyToNumber('')).toBeNull();
  });
});
