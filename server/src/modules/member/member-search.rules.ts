import { DomainError } from '../../shared/errors.js';

/** Spec 1 §5 and §9: a text search needs at least 3 characters and answers at most 20 members. */
export const MIN_SEARCH_LENGTH = 3;
export const MAX_SEARCH_RESULTS = 20;

/**
 * The text a member is found by: number, first and last name (also together, "olivia ngu"), email, lower-cased.
 * The trigram index on `member` is built on exactly this expression, so the search can use it.
 */
export const MEMBER_SEARCH_TEXT =
  "(lower(member_number) || ' ' || lower(first_name) || ' ' || lower(last_name) || ' ' || lower(coalesce(email, '')))";

/** The cleaned search text, or null when it is too short to search (the answer is then an empty list). */
export function searchText(input: string): string | null {
  const text = input.trim().replace(/\s+/g, ' ').toLowerCase();
  return text.length >= MIN_SEARCH_LENGTH ? text : null;
}

/** A LIKE pattern that finds the text anywhere, with the user's % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** How many results to answer: the asked count within 1..20 (20 when not given). */
export function resultLimit(asked: number | null | undefined): number {
  if (asked === null || asked === undefined || !Number.isFinite(asked)) return MAX_SEARCH_RESULTS;
  return Math.min(MAX_SEARCH_RESULTS, Math.max(1, Math.trunc(asked)));
}

/** Spec 1 §5: a lookup by account number rejects a non-numeric value. */
export function accountNumberText(input: string): string {
  const text = input.trim();
  if (!/^\d{1,20}$/.test(text)) {
    throw new DomainError('BAD_USER_INPUT', 'The account number must be digits only.', 'accountNumber');
  }
  return text;
}
