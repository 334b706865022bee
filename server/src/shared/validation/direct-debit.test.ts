import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBsb } from './bsb.js';
import {
  BUSINESS_BSB,
  FORMER_BUSINESS_BSB,
  isDirectDebitAccountNumber,
  nextDirectDebitAccountNumber,
  validateDirectDebitAccountNumber,
} from './direct-debit.js';

describe('direct-debit account numbers (spec 1 §9, spec 2 §5: 9 digits starting with 89 or 80)', () => {
  it.each([
    ['890000001', true],
    ['800000001', true],
    ['899999999', true],
    ['890 000 001', true],
    ['810000001', false],
    ['980000001', false],
    ['89000001', false],
    ['8900000012', false],
    ['89000000a', false],
    ['', false],
  ])('%s is %s', (value, expected) => {
    expect(isDirectDebitAccountNumber(value)).toBe(expected);
  });

  it('confirms a number usable only when well formed and not held by another biller', () => {
    expect(validateDirectDebitAccountNumber('890000007', ['890000001'])).toEqual({ ok: true, value: '890000007' });
    expect(validateDirectDebitAccountNumber('890000001', ['890 000 001'])).toMatchObject({
      ok: false,
      code: 'directDebitAccountNumberInUse',
      field: 'directDebitAccountNumber',
    });
    expect(validateDirectDebitAccountNumber('12345')).toMatchObject({
      ok: false,
      code: 'invalidDirectDebitAccountNumber',
    });
    expect(validateDirectDebitAccountNumber(null)).toMatchObject({
      ok: false,
      code: 'invalidDirectDebitAccountNumber',
    });
  });

  it('pays into the business BSB 654-000, which replaced 704-640 (spec 1 §9, spec 2 §9)', () => {
    expect(formatBsb(BUSINESS_BSB)).toBe('654-000');
    expect(formatBsb(FORMER_BUSINESS_BSB)).toBe('704-640');
  });
});

describe('nextDirectDebitAccountNumber', () => {
  it.each<[string, string[], string]>([
    ['starts the 89 range at 890000001', [], '890000001'],
    ['continues above the highest used, never filling gaps', ['890000005', '890000002'], '890000006'],
    ['uses the 89 range before the 80 range', ['800000050'], '890000001'],
    ['moves to the 80 range once 89 is full', ['899999999'], '800000001'],
    ['continues the 80 range', ['899999999', '800000010'], '800000011'],
    ['ignores malformed numbers', ['12345', 'abc', '990000000'], '890000001'],
  ])('%s', (_rule, used, expected) => {
    expect(nextDirectDebitAccountNumber(used)).toEqual({ ok: true, value: expected });
  });

  it('reports when both ranges are used up', () => {
    expect(nextDirectDebitAccountNumber(['899999999', '809999999'])).toMatchObject({
      ok: false,
      code: 'directDebitAccountNumbersExhausted',
    });
  });

  it('always gives a fresh, well-formed number above every used one of its range (property)', () => {
    const used = fc.array(fc.tuple(fc.constantFrom('89', '80'), fc.integer({ min: 0, max: 9_999_998 })), {
      maxLength: 30,
    });
    fc.assert(
      fc.property(used, (pairs) => {
        const numbers = pairs.map(([prefix, n]) => `${prefix}${String(n).padStart(7, '0')}`);
        const next = nextDirectDebitAccountNumber(numbers);
        if (!next.ok) throw new Error('a range below its end cannot be exhausted');
        expect(isDirectDebitAccountNumber(next.value)).toBe(true);
        expect(numbers).not.toContain(next.value);
        for (const number of numbers.filter((n) => n.startsWith(next.value.slice(0, 2)))) {
          expect(Number(next.value)).toBeGreaterThan(Number(number));
        }
      }),
    );
  });
});
