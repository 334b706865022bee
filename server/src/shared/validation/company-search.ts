import type { Rejection } from './issue.js';

/**
 * The company typeahead's search text (spec 2 §5, §9), shared by the server (which answers it) and the client
 * (which answers a narrowing of an earlier complete result without asking). One matching rule for both.
 */

/** Spec 2 §9: the company search starts at 3 characters; shorter gives an empty list. */
export const COMPANY_SEARCH_MIN_LENGTH = 3;
/** Longer than any company name: refused rather than searched. */
export const COMPANY_SEARCH_MAX_LENGTH = 100;

export const COMPANY_SEARCH_TOO_LONG_MESSAGE = `Search for at most ${COMPANY_SEARCH_MAX_LENGTH} characters.`;

export type CompanySearchText =
  /** Search for this text (trimmed, inner spaces collapsed, lower case). */
  | { kind: 'search'; text: string }
  /** Fewer than 3 characters: the answer is an empty list, without a lookup. */
  | { kind: 'tooShort' }
  | ({ kind: 'invalid' } & Rejection<'INVALID_SEARCH'>);

/** Reads a typed search text: trimmed, spaces collapsed, case ignored; too short or unusable said as such. */
export function companySearchText(value: string | null | undefined): CompanySearchText {
  const raw = value ?? '';
  const text = raw.trim().replace(/\s+/g, ' ').toLowerCase();
  if (text.length > COMPANY_SEARCH_MAX_LENGTH) {
    return {
      kind: 'invalid',
      ok: false,
      code: 'INVALID_SEARCH',
      message: COMPANY_SEARCH_TOO_LONG_MESSAGE,
      field: 'search',
    };
  }
  return text.length < COMPANY_SEARCH_MIN_LENGTH ? { kind: 'tooShort' } : { kind: 'search', text };
}

/** A company name matches a (normalised) search text when it contains it, case and spacing ignored. */
export function companyNameMatches(name: string, text: string): boolean {
  return name.trim().replace(/\s+/g, ' ').toLowerCase().includes(text);
}

/** The order of search answers: by name (case ignored), then id; a filtered answer keeps this order. */
export function compareCompaniesByName(a: { id: number; name: string }, b: { id: number; name: string }): number {
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a.id - b.id;
}
