import { describe, expect, it } from 'vitest';
import { SEARCH_MESSAGES, searchRequest } from './member-search';

describe('searchRequest', () => {
  it('searches by text from 3 characters, trimmed', () => {
    expect(searchRequest('text', '  oli ')).toEqual({ kind: 'text', searchString: 'oli' });
  });

  it.each(['', 'ol', '  o  '])('makes no call for %j and gives a hint', (raw) => {
    expect(searchRequest('text', raw)).toEqual({ kind: 'hint', message: SEARCH_MESSAGES.tooShort });
  });

  it('looks up an account number made of digits', () => {
    expect(searchRequest('account', ' 20010001 ')).toEqual({ kind: 'account', accountNumber: '20010001' });
  });

  it.each(['S0007', '12-34', '1.5', 'abc'])('rejects the account number %j', (raw) => {
    expect(searchRequest('account', raw)).toEqual({ kind: 'invalid', message: SEARCH_MESSAGES.notANumber });
  });
});
