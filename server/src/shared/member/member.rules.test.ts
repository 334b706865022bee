import { describe, expect, it } from 'vitest';
import { INTEREST_RATE_LIMIT, interestRateLimited, validateInterest } from './member.rules.js';

const valid = { memberId: 0, fullName: 'Ada Lovelace', email: 'ada@example.com', mobilePhone: '0412 345 678' };

describe('validateInterest (spec 1 §5: register interest is sent only when valid)', () => {
  it('accepts a complete form, with spaces in the mobile number', () => {
    expect(validateInterest(valid)).toEqual([]);
    expect(validateInterest({ ...valid, mobilePhone: '+61412345678' })).toEqual([]);
  });

  it.each([
    ['fullName', { fullName: '  ' }, 'REQUIRED'],
    ['email', { email: 'ada-at-example' }, 'INVALID_EMAIL'],
    ['email', { email: '' }, 'REQUIRED'],
    ['mobilePhone', { mobilePhone: '0212345678' }, 'INVALID_MOBILE'],
    ['mobilePhone', { mobilePhone: '' }, 'REQUIRED'],
    ['memberId', { memberId: -1 }, 'INVALID_MEMBER'],
    ['memberId', { memberId: 99999999999 }, 'INVALID_MEMBER'],
  ])('refuses a bad %s', (field, change, code) => {
    expect(validateInterest({ ...valid, ...change })).toEqual([expect.objectContaining({ field, code })]);
  });
});

describe('interestRateLimited', () => {
  it.each([
    [0, false],
    [INTEREST_RATE_LIMIT.perAddress - 1, false],
    [INTEREST_RATE_LIMIT.perAddress, true],
  ])('with %i registrations from the address in the window: refused %s', (recent, refused) => {
    expect(interestRateLimited(recent)).toBe(refused);
  });
});
