import { describe, expect, it } from 'vitest';
import {
  ALL_BILLING_FREQUENCIES,
  BILLING_FREQUENCY_LABELS,
  BillingFrequency,
  frequencyStep,
  isBillingFrequency,
  SELECTABLE_BILLING_FREQUENCIES,
} from './billing-frequency.js';

describe('billing frequency codes', () => {
  it.each<[number, string]>([
    [0, 'per day'],
    [1, 'per week'],
    [2, 'per fortnight'],
    [3, 'per month'],
    [4, 'every 2nd month'],
    [5, 'per quarter'],
    [6, 'semi-annually'],
    [7, 'per year'],
    [8, 'once only'],
    [10, 'bi-monthly'],
  ])('spec 1 §9: code %i means %s', (code, label) => {
    expect(isBillingFrequency(code)).toBe(true);
    expect(BILLING_FREQUENCY_LABELS[code as BillingFrequency]).toBe(label);
  });

  it.each([9, 11, -1, 1.5, '3', null])('spec 1 §9: %j is not a billing frequency', (value) => {
    expect(isBillingFrequency(value)).toBe(false);
  });

  it('spec 2 §3: the forms offer 1, 2, 3, 4, 5, 6, 7 and 10 with their labels', () => {
    expect(SELECTABLE_BILLING_FREQUENCIES.map(({ frequency, label }) => `${frequency} ${label}`)).toEqual([
      '1 Weekly',
      '2 Fortnightly',
      '3 Monthly',
      '4 Every 2nd month',
      '5 Every 3rd month (Quarterly)',
      '6 Semi-annually',
      '7 Annually',
      '10 Bi-Monthly',
    ]);
  });

  it.each<[BillingFrequency, ReturnType<typeof frequencyStep>]>([
    [BillingFrequency.PerDay, { kind: 'days', days: 1 }],
    [BillingFrequency.Weekly, { kind: 'days', days: 7 }],
    [BillingFrequency.Fortnightly, { kind: 'days', days: 14 }],
    [BillingFrequency.Monthly, { kind: 'months', months: 1 }],
    [BillingFrequency.EverySecondMonth, { kind: 'months', months: 2 }],
    [BillingFrequency.Quarterly, { kind: 'months', months: 3 }],
    [BillingFrequency.SemiAnnually, { kind: 'months', months: 6 }],
    [BillingFrequency.Annually, { kind: 'months', months: 12 }],
    [BillingFrequency.OnceOnly, { kind: 'once' }],
    [BillingFrequency.BiMonthly, { kind: 'twiceAMonth' }],
  ])('spec 2 §3: frequency %i steps by %j', (frequency, step) => {
    expect(frequencyStep(frequency)).toEqual(step);
  });

  it('lists every code once', () => {
    expect(new Set(ALL_BILLING_FREQUENCIES).size).toBe(10);
  });
});
