import { describe, expect, it } from 'vitest';
import { localCompanySearch, type CompanySearchAnswer } from './company-search-cache';

const companies = [
  { id: 1, name: 'Eastcoast Electricity' },
  { id: 2, name: 'Harbourside Energy' },
  { id: 3, name: 'Red Gum Energy' },
];

const answer = (over: Partial<CompanySearchAnswer<(typeof companies)[number]>> = {}) => ({
  categoryId: 7,
  search: 'e',
  companies,
  isComplete: true,
  ...over,
});

const ener = answer({ search: 'ener', companies: companies.slice(1) });

describe('localCompanySearch (spec 2 §5: narrowing a previous search is answered from the cached result)', () => {
  it.each([
    ['under 3 characters: an empty list, no request', 'En', null, { kind: 'answered', companies: [] }],
    ['spaces do not count towards 3', ' e  ', ener, { kind: 'answered', companies: [] }],
    ['no earlier answer: ask', 'Energy', null, { kind: 'ask', search: 'energy' }],
    [
      'the text extends the earlier one: filtered from it',
      'Energy',
      ener,
      { kind: 'answered', companies: companies.slice(1) },
    ],
    ['narrowed to one', 'gum ener', answer({ search: 'gum' }), { kind: 'answered', companies: [companies[2]] }],
    [
      'narrowed, case and spaces ignored',
      '  RED  gum ',
      answer({ search: 'red' }),
      { kind: 'answered', companies: [companies[2]] },
    ],
    ['narrowed to none', 'energyx', ener, { kind: 'answered', companies: [] }],
    [
      'the earlier text inside the new one (typed in front) narrows too',
      'side ener',
      ener,
      { kind: 'answered', companies: [companies[1]] },
    ],
    [
      'the earlier answer was cut at the limit: ask',
      'Energy',
      { ...ener, isComplete: false },
      { kind: 'ask', search: 'energy' },
    ],
    ['another category: ask', 'Energy', { ...ener, categoryId: 8 }, { kind: 'ask', search: 'energy' }],
    ['a shorter text (a deletion) widens: ask', 'ene', ener, { kind: 'ask', search: 'ene' }],
    ['a different text: ask', 'water', ener, { kind: 'ask', search: 'water' }],
    [
      'an earlier too-short answer proves nothing: ask',
      'Energy',
      answer({ search: '', isComplete: false, companies: [] }),
      { kind: 'ask', search: 'energy' },
    ],
  ] as const)('%s', (_rule, typed, earlier, expected) => {
    expect(localCompanySearch(7, typed, earlier)).toEqual(expected);
  });

  it('leaves unusable text to the server', () => {
    const long = 'ener'.repeat(30);
    expect(localCompanySearch(7, long, ener)).toEqual({ kind: 'ask', search: long });
  });
});
