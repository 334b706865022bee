import { describe, expect, it } from 'vitest';
import { humanise, modificationChanges } from './modification-diff.js';

describe('modificationChanges (a readable diff of JSON modification details)', () => {
  it('lists what changed between before and after, by field', () => {
    const details = JSON.stringify({
      before: { depositAmount: '185.00', frequency: 'Fortnightly', billers: ['Power'] },
      after: { depositAmount: '210.00', frequency: 'Fortnightly', billers: ['Power', 'Water'] },
    });
    expect(modificationChanges(details)).toEqual([
      { field: 'Deposit amount', before: '185.00', after: '210.00' },
      { field: 'Billers', before: 'Power', after: 'Power, Water' },
    ]);
  });

  it('reads field pairs (before/after, old/new, from/to) wherever they are', () => {
    const details = JSON.stringify({
      deposit: { amount: { old: 185, new: 210 } },
      endDate: { from: '2026-12-31', to: '2027-06-30' },
      unchanged: { before: 'x', after: 'x' },
    });
    expect(modificationChanges(details)).toEqual([
      { field: 'Deposit amount', before: '185', after: '210' },
      { field: 'End date', before: '2026-12-31', after: '2027-06-30' },
    ]);
  });

  it('shows lists of billers added and edited as new values, removed ones as values before, leaving empty lists out', () => {
    const details = JSON.stringify({
      billersAdded: ['Water', { nickname: 'Gym' }],
      billersEdited: [],
      billersRemoved: ['Gas'],
    });
    expect(modificationChanges(details)).toEqual([
      { field: 'Billers added', before: null, after: 'Water, Gym' },
      { field: 'Billers removed', before: 'Gas', after: null },
    ]);
  });

  it('is null for details that are not a JSON object', () => {
    expect(modificationChanges('Agreement modification applied')).toBeNull();
    expect(modificationChanges('[1,2]')).toBeNull();
    expect(modificationChanges(null)).toBeNull();
  });

  it('humanises camelCase and dotted paths', () => {
    expect(humanise('overdrawRuleDuration')).toBe('Overdraw rule duration');
    expect(humanise('deposit.next_amount')).toBe('Deposit next amount');
  });
});
