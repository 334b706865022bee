import { describe, expect, it } from 'vitest';
import {
  COMPANY_SEARCH_TOO_LONG_MESSAGE,
  compareCompaniesByName,
  companyNameMatches,
  companySearchText,
} from './company-search.js';

describe('companySearchText (spec 2 §5: the company search needs at least 3 characters)', () => {
  it.each([
    ['three characters search', 'Gas', { kind: 'search', text: 'gas' }],
    ['trimmed, spaces collapsed, lower case', '  Red   GUM ', { kind: 'search', text: 'red gum' }],
    ['tabs and new lines are spaces', 'red\tgum\n', { kind: 'search', text: 'red gum' }],
    ['100 characters search', 'x'.repeat(100), { kind: 'search', text: 'x'.repeat(100) }],
    ['two characters are too short', 'ga', { kind: 'tooShort' }],
    ['spaces do not count', '  a  ', { kind: 'tooShort' }],
    ['empty', '', { kind: 'tooShort' }],
    ['absent', null, { kind: 'tooShort' }],
  ] as const)('%s', (_rule, value, expected) => {
    expect(companySearchText(value)).toEqual(expected);
  });

  it.each([['more than 100 characters', 'x'.repeat(101), COMPANY_SEARCH_TOO_LONG_MESSAGE]])(
    'refuses %s',
    (_rule, value, message) => {
      expect(companySearchText(value)).toEqual({
        kind: 'invalid',
        ok: false,
        code: 'INVALID_SEARCH',
        field: 'search',
        message,
      });
    },
  );
});

describe('companyNameMatches', () => {
  it.each([
    ['Harbourside Energy', 'energy', true],
    ['Harbourside  Energy', 'side energy', true],
    ['Harbourside Energy', 'gas', false],
    ["St Bridget's Primary School", "bridget's", true],
  ])('%s contains %s: %s', (name, text, expected) => {
    expect(companyNameMatches(name, text)).toBe(expected);
  });
});

describe('compareCompaniesByName', () => {
  it('orders by name with case ignored, then by id', () => {
    const rows = [
      { id: 3, name: 'beta' },
      { id: 2, name: 'Alpha' },
      { id: 1, name: 'alpha' },
    ];
    expect([...rows].sort(compareCompaniesByName).map((row) => row.id)).toEqual([1, 2, 3]);
  });
});
