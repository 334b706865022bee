import { describe, expect, it } from 'vitest';
import { AUSTRALIAN_BSB_DIRECTORY, BUSINESS_BSB_BANK_NAME, lookupBankName } from './bsb-directory.js';

describe('BSB directory (spec 2 §5: the bank name must be shown; no network, so a shipped table)', () => {
  it.each([
    ['012003', 'ANZ'],
    ['032000', 'Westpac'],
    ['733000', 'Westpac'],
    ['062000', 'Commonwealth Bank'],
    ['765000', 'Commonwealth Bank'],
    ['082000', 'National Australia Bank'],
    ['654000', BUSINESS_BSB_BANK_NAME],
  ])('names the institution of %s: %s', (bsb, name) => {
    expect(lookupBankName(bsb)).toBe(name);
  });

  it('knows no institution for unassigned prefixes', () => {
    expect(lookupBankName('999999')).toBeUndefined();
    expect(lookupBankName('654001')).toBeUndefined();
  });

  it('prefers the longest matching prefix: 6 digits, then 3, then 2', () => {
    const directory = { '06': 'Two', '062': 'Three', '062000': 'Six' };
    expect(lookupBankName('062000', directory)).toBe('Six');
    expect(lookupBankName('062001', directory)).toBe('Three');
    expect(lookupBankName('063001', directory)).toBe('Two');
  });

  it('keys every entry by 2, 3 or 6 digits with a bank name', () => {
    for (const [prefix, name] of Object.entries(AUSTRALIAN_BSB_DIRECTORY)) {
      expect(prefix).toMatch(/^(?:\d{2}|\d{3}|\d{6})$/);
      expect(name.trim()).not.toBe('');
    }
  });
});
