import { describe, expect, it } from 'vitest';
import { displayLabel } from './labels';

describe('displayLabel', () => {
  it.each([
    ['Successfull', 'Successful'],
    ['TryAgain', 'Retrying'],
    ['Missmatch', 'Mismatch'],
    ['MissedDeposit', 'Missed Deposit'],
    ['Direct Debit', 'Direct Debit'],
    ['Pending', 'Pending'],
    [null, ''],
  ])('reads %j as %j', (name, label) => {
    expect(displayLabel(name)).toBe(label);
  });
});
