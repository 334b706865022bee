import { describe, expect, it } from 'vitest';
import { DomainError } from '../../shared/errors.js';
import { accountNumberText, containsPattern, resultLimit, searchText } from './member-search.rules.js';

describe('member search rules', () => {
  it.each([
    ['', null],
    ['ab', null],
    ['  ab  ', null],
    ['abc', 'abc'],
    ['  Olivia   NGUYEN ', 'olivia nguyen'],
    ['100', '100'],
  ])('needs at least 3 characters: %j → %j', (input, expected) => {
    expect(searchText(input)).toBe(expected);
  });

  it('takes the user’s wildcards literally', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });

  it.each([
    [undefined, 20],
    [null, 20],
    [5, 5],
    [0, 1],
    [-3, 1],
    [21, 20],
    [1000, 20],
    [2.7, 2],
  ])('caps the result count at 20: %j → %j', (asked, expected) => {
    expect(resultLimit(asked)).toBe(expected);
  });

  it('accepts an account number of digits only', () => {
    expect(accountNumberText(' 2000001 ')).toBe('2000001');
  });

  it.each(['', 'abc', '12a4', '12 34', '-1', '1.5'])('rejects a non-numeric account number %j', (input) => {
    expect(() => accountNumberText(input)).toThrow(DomainError);
    try {
      accountNumberText(input);
    } catch (error) {
      expect(error).toMatchObject({ code: 'BAD_USER_INPUT', field: 'accountNumber' });
    }
  });
});
