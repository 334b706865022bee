import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUSINESS_BSB_BANK_NAME } from './bsb-directory.js';
import { BSB_SERVER_ERROR_MESSAGE, bsbMessage, formatBsb, INVALID_BSB_MESSAGE, parseBsb, validateBsb } from './bsb.js';
import { SERVICE_UNAVAILABLE_MESSAGE } from './issue.js';

describe('parseBsb (spec 2 §5: digits, at most 6 after removing a hyphen, padded to 6; spec 1 §5: 0 is empty)', () => {
  it.each<[string, string | number | null | undefined, string]>([
    ['the display form', '062-000', '062000'],
    ['six digits', '062000', '062000'],
    ['surrounding spaces', ' 062-000 ', '062000'],
    ['five digits padded to six', '62000', '062000'],
    ['a hyphen with a short first half', '62-000', '062000'],
    ['a BSB stored as a number', 62000, '062000'],
    ['one digit padded', '5', '000005'],
  ])('reads %s', (_rule, input, expected) => {
    expect(parseBsb(input)).toEqual({ status: 'valid', bsb: expected });
  });

  it.each<[string, string | number | null | undefined]>([
    ['zero', '0'],
    ['zero with a hyphen', '000-000'],
    ['the number 0', 0],
    ['blank', '   '],
    ['null', null],
    ['undefined', undefined],
  ])('treats %s as empty', (_rule, input) => {
    expect(parseBsb(input)).toEqual({ status: 'empty' });
  });

  it.each<[string, string | number]>([
    ['letters', 'abc'],
    ['seven digits', '0620000'],
    ['a hyphen in the wrong place', '06-2000'],
    ['two hyphens', '062--000'],
    ['a space inside', '062 000'],
    ['a negative number', -62000],
    ['a fraction', 620.5],
    ['a number of seven digits', 1_000_000],
  ])('refuses %s', (_rule, input) => {
    expect(parseBsb(input)).toEqual({ status: 'invalid' });
  });

  it('reads back what it formats, for every non-zero BSB (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{6}$/), (bsb) => {
        fc.pre(bsb !== '000000');
        expect(parseBsb(bsb)).toEqual({ status: 'valid', bsb });
        expect(formatBsb(bsb)).toBe(`${bsb.slice(0, 3)}-${bsb.slice(3)}`);
        expect(parseBsb(formatBsb(bsb))).toEqual({ status: 'valid', bsb });
      }),
    );
  });

  it('pads any 1 to 6 digits to 6 (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999 }), (n) => {
        const expected = String(n).padStart(6, '0');
        expect(parseBsb(n)).toEqual({ status: 'valid', bsb: expected });
        expect(parseBsb(String(n))).toEqual({ status: 'valid', bsb: expected });
      }),
    );
  });
});

describe('formatBsb (spec 2 §9: shown as 3 digits, a hyphen, 3 digits)', () => {
  it.each<[string | number | null, string]>([
    ['062000', '062-000'],
    [62000, '062-000'],
    ['062-000', '062-000'],
    ['0', ''],
    ['abc', ''],
    [null, ''],
  ])('formats %s as "%s"', (input, expected) => {
    expect(formatBsb(input)).toBe(expected);
  });
});

describe('validateBsb (spec 2 §5: codes 0 with the bank name, 14 invalid)', () => {
  it.each([
    ['012-003', 'ANZ'],
    ['032-001', 'Westpac'],
    ['732-000', 'Westpac'],
    ['062-000', 'Commonwealth Bank'],
    ['762-000', 'Commonwealth Bank'],
    ['083-004', 'National Australia Bank'],
    ['654-000', BUSINESS_BSB_BANK_NAME],
  ])('%s is valid at %s', (bsb, bankName) => {
    expect(validateBsb(bsb)).toEqual({ ok: true, code: 0, bsb: bsb.replace('-', ''), bankName });
  });

  it.each(['999-999', '654-001', '0', '', 'abc', '1234567'])('"%s" is 14 Invalid Bsb number', (bsb) => {
    expect(validateBsb(bsb)).toEqual({ ok: false, code: 14, message: 'Invalid Bsb number', field: 'bsbNumber' });
  });

  it('looks the bank up in the directory it is given', () => {
    expect(validateBsb('999-999', { '999': 'Test Bank' })).toMatchObject({ code: 0, bankName: 'Test Bank' });
    expect(validateBsb('062-000', { '999': 'Test Bank' }).code).toBe(14);
  });
});

describe('bsbMessage (spec 2 §5 and §8)', () => {
  it.each<[number, string | undefined, string | undefined]>([
    [0, undefined, undefined],
    [14, undefined, 'Invalid Bsb number'],
    [14, 'ignored', 'Invalid Bsb number'],
    [7, 'Branch closed', 'Branch closed'],
    [7, undefined, SERVICE_UNAVAILABLE_MESSAGE],
    [7, '  ', SERVICE_UNAVAILABLE_MESSAGE],
  ])('code %i with reason %s shows %s', (code, reason, message) => {
    expect(bsbMessage(code, reason)).toBe(message);
  });

  it('carries the spec wording', () => {
    expect(INVALID_BSB_MESSAGE).toBe('Invalid Bsb number');
    expect(BSB_SERVER_ERROR_MESSAGE).toBe('Could not validate BSB number due to a server error.');
  });
});
