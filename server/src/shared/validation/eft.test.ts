import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  defaultEftReference,
  EFT_REFERENCE_MAX_LENGTH,
  validateEftAccountName,
  validateEftAccountNumber,
  validateEftDetails,
  validateEftReference,
} from './eft.js';

describe('defaultEftReference (spec 2 §5 and §9: the nickname cut to 18 characters)', () => {
  it.each<[string | null | undefined, string]>([
    ['Gas', 'Gas'],
    ['Electricity - holiday house', 'Electricity - holi'],
    ['  Water rates  ', 'Water rates'],
    ['123456789012345678', '123456789012345678'],
    ['Council rates     and more', 'Council rates'],
    [null, ''],
    [undefined, ''],
  ])('defaults %s to "%s"', (nickname, expected) => {
    expect(defaultEftReference(nickname)).toBe(expected);
  });

  it('never exceeds 18 characters and always starts the nickname (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (nickname) => {
        const reference = defaultEftReference(nickname);
        expect(Array.from(reference).length).toBeLessThanOrEqual(EFT_REFERENCE_MAX_LENGTH);
        expect(nickname.trim().startsWith(reference)).toBe(true);
      }),
    );
  });
});

describe('validateEftAccountNumber (our rule: the BECS account field, 4 to 9 digits)', () => {
  it.each([
    ['123456', '123456'],
    ['12345678', '12345678'],
    ['123456789', '123456789'],
    ['1234', '1234'],
    ['1234-5678', '12345678'],
    [' 12 345 678 ', '12345678'],
  ])('accepts %s as %s', (input, expected) => {
    expect(validateEftAccountNumber(input)).toEqual({ ok: true, value: expected });
  });

  it.each(['123', '1234567890', '12345A', '000000', '', null])('refuses %s', (input) => {
    expect(validateEftAccountNumber(input)).toMatchObject({
      ok: false,
      code: 'invalidEftAccountNumber',
      field: 'eftAccountNumber',
    });
  });
});

describe('validateEftAccountName (our rule: the BECS account title, required, at most 32 characters)', () => {
  it.each([
    ['Harbourside Energy Pty Ltd', 'Harbourside Energy Pty Ltd'],
    ["  J & M O'Brien  ", "J & M O'Brien"],
    ['A'.repeat(32), 'A'.repeat(32)],
  ])('accepts %s', (input, expected) => {
    expect(validateEftAccountName(input)).toEqual({ ok: true, value: expected });
  });

  it.each<[string | null, string]>([
    ['', 'eftAccountNameRequired'],
    ['   ', 'eftAccountNameRequired'],
    [null, 'eftAccountNameRequired'],
    ['A'.repeat(33), 'invalidEftAccountName'],
    ['Line\nbreak', 'invalidEftAccountName'],
  ])('refuses %j with %s', (input, code) => {
    expect(validateEftAccountName(input)).toMatchObject({ ok: false, code, field: 'eftAccountName' });
  });
});

describe('validateEftReference (spec 2 §5: defaults from the nickname, at most 18 characters)', () => {
  it('takes the nickname default when left blank', () => {
    expect(validateEftReference('', 'Electricity - holiday house')).toEqual({ ok: true, value: 'Electricity - holi' });
    expect(validateEftReference(null)).toEqual({ ok: true, value: '' });
  });

  it('keeps a typed reference of up to 18 characters', () => {
    expect(validateEftReference('INV 2024-001', 'Gas')).toEqual({ ok: true, value: 'INV 2024-001' });
    expect(validateEftReference('R'.repeat(18))).toEqual({ ok: true, value: 'R'.repeat(18) });
  });

  it.each(['R'.repeat(19), 'tab\there'])('refuses %j', (input) => {
    expect(validateEftReference(input)).toMatchObject({
      ok: false,
      code: 'invalidEftReference',
      field: 'eftReferenceNumber',
    });
  });
});

describe('validateEftDetails (spec 2 §5: BSB, bank name, account and reference together)', () => {
  it('returns the normalised details with the bank name', () => {
    const result = validateEftDetails({
      bsbNumber: '62-000',
      eftAccountNumber: '1234 5678',
      eftAccountName: ' Murray Valley Water ',
      nickname: 'Water for the farm house',
    });
    expect(result).toEqual({
      ok: true,
      value: {
        bsbNumber: '062000',
        bankName: 'Commonwealth Bank',
        eftAccountNumber: '12345678',
        eftAccountName: 'Murray Valley Water',
        eftReferenceNumber: 'Water for the farm',
      },
    });
  });

  it('reports every refused field at once', () => {
    const result = validateEftDetails({ bsbNumber: '0', eftAccountNumber: '12', eftAccountName: '' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.rejections.map((r) => [r.field, r.code])).toEqual([
      ['bsbNumber', 14],
      ['eftAccountNumber', 'invalidEftAccountNumber'],
      ['eftAccountName', 'eftAccountNameRequired'],
    ]);
    expect(result.rejections[0].message).toBe('Invalid Bsb number');
  });
});
