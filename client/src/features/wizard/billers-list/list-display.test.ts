import { describe, expect, it } from 'vitest';
import { ariaSort } from '../../../shared/ui/sort';
import {
  DEFAULT_SORT,
  frequencyLabel,
  itemTypeLabel,
  listChangedBy,
  modificationDisplay,
  nextSort,
  paymentTypeLabel,
  type ListSort,
} from './list-display';

describe('the billers list sort toggles', () => {
  it('starts by category ascending (spec 2 §2)', () => {
    expect(DEFAULT_SORT).toEqual({ field: 'category', direction: 'asc' });
  });

  it.each<[ListSort, ListSort['field'], ListSort]>([
    [{ field: 'category', direction: 'asc' }, 'category', { field: 'category', direction: 'desc' }],
    [{ field: 'category', direction: 'desc' }, 'category', { field: 'category', direction: 'asc' }],
    [{ field: 'category', direction: 'desc' }, 'nickname', { field: 'nickname', direction: 'asc' }],
    [{ field: 'nickname', direction: 'asc' }, 'status', { field: 'status', direction: 'asc' }],
    [{ field: 'status', direction: 'asc' }, 'type', { field: 'type', direction: 'asc' }],
  ])('%o, clicking %s, gives %o', (current, field, expected) => {
    expect(nextSort(current, field)).toEqual(expected);
  });

  it.each<[ListSort, ListSort['field'], string]>([
    [{ field: 'category', direction: 'asc' }, 'category', 'ascending'],
    [{ field: 'category', direction: 'desc' }, 'category', 'descending'],
    [{ field: 'category', direction: 'asc' }, 'nickname', 'none'],
  ])('aria-sort of %o on %s is %s', (current, field, expected) => {
    expect(ariaSort(current, field)).toBe(expected);
  });
});

describe('the rows’ modification states (spec 2 §3)', () => {
  it.each([
    [0, null],
    [1, 'New'],
    [2, 'Edited'],
    [3, 'Removed'],
    [4, 'Reinstated'],
    [9, null],
  ])('state %i shows %s', (state, label) => {
    expect(modificationDisplay(state)?.label ?? null).toBe(label);
  });

  it('gives each highlighted state its own colour', () => {
    const palettes = [1, 2, 3, 4].map((state) => modificationDisplay(state)?.palette);
    expect(new Set(palettes).size).toBe(4);
  });
});

describe('the rows’ words', () => {
  it.each([
    [0, 'Biller'],
    [1, 'Sub-category'],
  ])('item type %i is %s', (type, label) => {
    expect(itemTypeLabel(type)).toBe(label);
  });

  it.each([
    [0, 'BPAY'],
    [1, 'EFT'],
    [4, 'Direct Debit'],
    [null, null],
  ])('payment type %s is %s', (type, label) => {
    expect(paymentTypeLabel(type)).toBe(label);
  });

  it.each([
    [3, 'per month'],
    [10, 'bi-monthly'],
    [99, ''],
  ])('frequency %i is %s', (frequency, label) => {
    expect(frequencyLabel(frequency)).toBe(label);
  });
});

describe('listChangedBy (the list caption: "each row says how this … changes it")', () => {
  it.each([
    ['Create', false, 'agreement'],
    ['Modify', false, 'modification'],
    ['Modify', true, 'renewal'],
  ] as const)('a %s session (renewal %s) says %s', (kind, isRenewal, word) => {
    expect(listChangedBy(kind, isRenewal)).toBe(word);
  });
});
