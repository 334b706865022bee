import { companyNameMatches, companySearchText } from '@shared/validation/company-search';

/**
 * The company typeahead's answers without a request (spec 2 §5): under 3 characters the list is empty; a search
 * that narrows an earlier one is answered from that earlier answer, when the earlier answer was complete (every
 * match, not cut at the server's limit) and for the same category. The matching is the server's own rule
 * (`companyNameMatches` on the normalised text), so a narrowed answer is exactly what the server would give.
 */

/** An earlier answer of `searchCompanies`, as the client keeps it. */
export interface CompanySearchAnswer<C extends { name: string }> {
  categoryId: number;
  /** The search as the server matched it (normalised). */
  search: string;
  companies: readonly C[];
  isComplete: boolean;
}

export type LocalCompanySearch<C> =
  /** Answered here: show these companies, send nothing. */
  | { kind: 'answered'; companies: C[] }
  /** Ask the server for this (normalised) text. */
  | { kind: 'ask'; search: string };

export function localCompanySearch<C extends { name: string }>(
  categoryId: number,
  typed: string,
  earlier: CompanySearchAnswer<C> | null | undefined,
): LocalCompanySearch<C> {
  const text = companySearchText(typed);
  if (text.kind === 'tooShort') return { kind: 'answered', companies: [] };
  // Unusable text goes to the server, which answers the field error the form shows.
  if (text.kind === 'invalid') return { kind: 'ask', search: typed };
  const narrows =
    earlier !== null &&
    earlier !== undefined &&
    earlier.isComplete &&
    earlier.categoryId === categoryId &&
    earlier.search.length > 0 &&
    text.text.includes(earlier.search);
  if (!narrows) return { kind: 'ask', search: text.text };
  // Every name containing the new text contains the earlier one, so it is in the earlier (complete) answer,
  // which is in the server's order: filtering keeps that order.
  return {
    kind: 'answered',
    companies: earlier.companies.filter((company) => companyNameMatches(company.name, text.text)),
  };
}
