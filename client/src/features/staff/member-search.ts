/** Member search limits (spec 1 §5, §9). */
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_RESULT_CAP = 20;

export type SearchMode = 'text' | 'account';

export const SEARCH_MESSAGES = {
  tooShort: `Enter at least ${SEARCH_MIN_LENGTH} characters to search.`,
  notANumber: 'An account number can only contain digits.',
  noResults: 'No members found.',
} as const;

export type SearchRequest =
  | { kind: 'text'; searchString: string }
  | { kind: 'account'; accountNumber: string }
  | { kind: 'hint'; message: string }
  | { kind: 'invalid'; message: string };

/**
 * What a search asks the server: by text it needs at least 3 characters (else no call and a hint); by account
 * number the value must be digits only (else a clear message and no call).
 */
export function searchRequest(mode: SearchMode, raw: string): SearchRequest {
  const value = raw.trim();
  if (mode === 'account') {
    if (value === '') return { kind: 'hint', message: 'Enter an account number.' };
    return /^\d+$/.test(value)
      ? { kind: 'account', accountNumber: value }
      : { kind: 'invalid', message: SEARCH_MESSAGES.notANumber };
  }
  return value.length >= SEARCH_MIN_LENGTH
    ? { kind: 'text', searchString: value }
    : { kind: 'hint', message: SEARCH_MESSAGES.tooShort };
}
