import { describe, expect, it } from 'vitest';
import { agreementFeeOf } from './settings.service.js';

describe('agreementFeeOf (the server setting agreementFee: none by default)', () => {
  it.each([
    [undefined, null],
    [null, null],
    ['', null],
    ['0', null],
    ['0.00', null],
    ['abc', null],
    ['-1.00', null],
    [2.5, null],
    ['2.5', 250],
    [' 12.34 ', 1234],
  ])('%j → %j', (stored, fee) => {
    expect(agreementFeeOf(stored)).toBe(fee);
  });
});
