import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors.js';
import { countParam } from './route.js';

describe('countParam (a page, a page size or a result count of the legacy query strings and paths)', () => {
  it.each([
    ['absent: the fallback', undefined, 20],
    ['blank: the fallback', '', 20],
    ['not text (a nested query object): the fallback', { a: '1' }, 20],
    ['a whole number', '5', 5],
    ['zero (the caller bounds it)', '0', 0],
    ['leading zeros', '007', 7],
    ['six digits', '999999', 999_999],
    ['repeated in the query: the first', ['3', 'x'], 3],
  ] as const)('%s → %s', (_name, value, count) => {
    expect(countParam(value, 'pageSize', 20)).toBe(count);
  });

  it.each([
    ['seven digits', '1000000'],
    ['negative', '-1'],
    ['a fraction', '1.5'],
    ['an exponent', '1e3'],
    ['a word', 'ten'],
    ['spaces around', ' 5'],
    ['a repeated first that is not a number', ['x', '3']],
  ] as const)('refuses %s as INVALID_NUMBER naming the field', (_name, value) => {
    let refusal: unknown;
    try {
      countParam(value, 'pageSize', 20);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({
      code: 'INVALID_NUMBER',
      field: 'pageSize',
      message: 'pageSize must be a whole number.',
    });
  });
});
