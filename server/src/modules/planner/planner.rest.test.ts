import { describe, expect, it } from 'vitest';
import { DomainError } from '../../common/errors.js';
import { cents } from '../../common/money.js';
import { wireAmount } from './planner.rest.js';

function refusal(run: () => unknown): { code: string; field: string | undefined } {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, field: error.field };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('wireAmount (legacy REST bodies)', () => {
  it.each<[unknown, number | null]>([
    [12.5, 1250],
    ['12.50', 1250],
    [0, 0],
    [null, null],
    ['', null],
  ])('reads %j', (value, expected) => {
    expect(wireAmount(value, 'amount')).toBe(expected === null ? null : cents(expected));
  });

  it.each([[0.001], ['12.345'], ['abc'], [Number.NaN], [1e20], [true]])('refuses %j', (value) => {
    expect(refusal(() => wireAmount(value, 'amount'))).toMatchObject({ code: 'INVALID_AMOUNT', field: 'amount' });
  });
});
