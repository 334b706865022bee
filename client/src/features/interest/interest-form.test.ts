// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fieldErrors, interestInput, interestPrefill, validateInterest } from './interest-form';

describe('validateInterest (the server rules, keyed for the form)', () => {
  const valid = { fullName: 'Alex Member', email: 'alex@example.com.au', mobilePhone: '0412345678' };

  it('accepts a complete form', () => {
    expect(validateInterest(valid)).toEqual({});
    expect(validateInterest({ ...valid, mobilePhone: '+61 412 345 678' })).toEqual({});
  });

  it('requires every field', () => {
    expect(Object.keys(validateInterest({ fullName: ' ' })).sort()).toEqual(['email', 'fullName', 'mobilePhone']);
  });

  it.each([
    ['email', 'alex@'],
    ['email', 'alex @example.com'],
    ['mobilePhone', '0212345678'],
    ['mobilePhone', '04123456789'],
    ['mobilePhone', '61412345678'],
  ] as const)('rejects a bad %s: %s', (field, value) => {
    expect(Object.keys(validateInterest({ ...valid, [field]: value }))).toEqual([field]);
  });
});

describe('fieldErrors', () => {
  it('keeps the first message per form field and drops problems that are not form fields', () => {
    const problems = [
      { field: 'email', message: 'first' },
      { field: 'email', message: 'second' },
      { field: 'memberId', message: 'not a form field' },
      { field: null, message: 'no field' },
    ];
    expect(fieldErrors(problems)).toEqual({ email: 'first' });
  });
});

describe('interestInput and interestPrefill', () => {
  it('sends trimmed values and the mobile number without spaces', () => {
    expect(interestInput(7, { fullName: ' Alex ', email: ' a@b.co ', mobilePhone: '0412 345 678' })).toEqual({
      memberId: 7,
      fullName: 'Alex',
      email: 'a@b.co',
      mobilePhone: '0412345678',
    });
  });

  it('prefills from the member record', () => {
    const member = { firstName: 'Alex', lastName: 'Member', email: null, mobilePhone: '0412345678' };
    expect(interestPrefill(member)).toEqual({ fullName: 'Alex Member', email: '', mobilePhone: '0412345678' });
    expect(interestPrefill(undefined)).toEqual({});
  });
});
