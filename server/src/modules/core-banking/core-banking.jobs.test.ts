import { describe, expect, it } from 'vitest';
import { BANK_JOBS } from './core-banking.jobs.js';

describe('BANK_JOBS', () => {
  it('lists the day’s steps in their order, each started by the one before, their parts, an applied agreement’s automatic payments, then the pending window', () => {
    expect(BANK_JOBS.map((job) => [job.type.definition.name, job.after?.definition.name])).toEqual([
      ['core-banking-day', undefined],
      ['core-banking-reconciliation', 'core-banking-day'],
      ['core-banking-autopay', 'core-banking-reconciliation'],
      ['core-banking-calendar', 'core-banking-autopay'],
      ['core-banking-day-part', undefined],
      ['core-banking-applied-autopay', undefined],
      ['core-banking-window', undefined],
    ]);
    expect(BANK_JOBS.every((job) => job.title.length > 0)).toBe(true);
  });
});
