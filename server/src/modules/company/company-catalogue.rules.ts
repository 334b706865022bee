import type { Cents } from '../../shared/money.js';
import {
  compareCompaniesByName,
  companyNameMatches,
  type BpayBillerInfo,
  type CheckDigitAlgorithm,
} from '../../shared/validation/index.js';
import { PaymentMethod } from '../../shared/bill/payment-method.js';

/** A company row of the catalogue with BPAY details, as stored (spec 2 §2 company list). */
export interface CatalogueCompanyRow {
  bpayBillerCode: string;
  name: string;
  referenceAlgorithm: CheckDigitAlgorithm;
  referenceMinLength: number | null;
  referenceMaxLength: number | null;
  minAmount: Cents | null;
  maxAmount: Cents | null;
}

/** A stored company as the BPAY validator's catalogue entry (its reference length rule from min/max). */
export function catalogueEntryOf(company: CatalogueCompanyRow): BpayBillerInfo {
  const { referenceMinLength: low, referenceMaxLength: high } = company;
  const referenceLength =
    low === null && high === null ? undefined : low === high ? low! : { min: low ?? 1, max: high ?? 20 };
  return {
    billerCode: company.bpayBillerCode,
    name: company.name,
    referenceAlgorithm: company.referenceAlgorithm,
    ...(company.minAmount === null ? {} : { minAmount: company.minAmount }),
    ...(company.maxAmount === null ? {} : { maxAmount: company.maxAmount }),
    ...(referenceLength === undefined ? {} : { referenceLength }),
  };
}

/** Payment method codes a company can be paid with on the biller form (spec 2 §3: 0 BPAY, 1 EFT, 2, 3, 4). */
const BILLER_FORM_METHODS: readonly PaymentMethod[] = [
  PaymentMethod.Bpay,
  PaymentMethod.Eft,
  PaymentMethod.Cheque,
  PaymentMethod.Reimbursement,
  PaymentMethod.DirectDebit,
];

/**
 * A stored company's payment methods ('0,1,4'): the biller form's codes it lists, in code order, with BPAY
 * exactly when it has a biller code (a company without one cannot be paid by BPAY; one stored before methods
 * were recorded is at least BPAY).
 */
export function companyPaymentMethods(stored: string, bpayBillerCode: string | null): PaymentMethod[] {
  const listed = new Set(
    stored
      .split(',')
      .map((part) => part.trim())
      .filter((part) => /^\d$/.test(part))
      .map(Number),
  );
  return BILLER_FORM_METHODS.filter((method) =>
    method === PaymentMethod.Bpay ? bpayBillerCode !== null : listed.has(method),
  );
}

/**
 * The unknown-company option (spec 2 §2 company list): a biller whose company is not in the catalogue is saved
 * with no company, under the chosen category, and may be paid by any method of the biller form (BPAY with the
 * biller code the member types, validated like any other).
 */
export const UNKNOWN_COMPANY_NAME = 'Unknown company';
export const UNKNOWN_COMPANY_PAYMENT_METHODS: readonly PaymentMethod[] = BILLER_FORM_METHODS;

/** How many popular companies a category shows (spec 2 §2 does not say; enough for one screen). */
export const POPULAR_COMPANIES_LIMIT = 10;
/** How many companies one typeahead answer holds; `isComplete` says whether more matched. */
export const COMPANY_SEARCH_LIMIT = 20;

export interface CompanyUsage {
  id: number;
  name: string;
  /** Accounts whose running agreement has a biller for the company (every member's: counted, never shown). */
  billerCount: number;
  /** The shipped, curated prior. */
  popularity: number;
}

/**
 * Popular companies of a category (spec 2 §2): the ones most accounts pay, then the catalogue's curated
 * popularity, then by name and id, so that the order is stable when the counts tie.
 */
export function rankPopularCompanies<T extends CompanyUsage>(
  companies: readonly T[],
  limit = POPULAR_COMPANIES_LIMIT,
): T[] {
  return [...companies]
    .sort((a, b) => b.billerCount - a.billerCount || b.popularity - a.popularity || compareCompaniesByName(a, b))
    .slice(0, limit);
}

/** A search's answer from a category's companies: the matches by name, at most `limit`, and whether that is all. */
export function searchCompanies<T extends { id: number; name: string }>(
  companies: readonly T[],
  text: string,
  limit = COMPANY_SEARCH_LIMIT,
): { companies: T[]; isComplete: boolean } {
  const matches = companies.filter((company) => companyNameMatches(company.name, text)).sort(compareCompaniesByName);
  return { companies: matches.slice(0, limit), isComplete: matches.length <= limit };
}
