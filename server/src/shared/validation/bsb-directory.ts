import { BUSINESS_BSB } from './direct-debit.js';

/**
 * Which institution a BSB belongs to, with no network call. Keys are BSB prefixes: an exact 6-digit BSB,
 * or the first 3 or 2 digits, which identify the institution (APCA numbering). The longest matching key wins.
 * This is a compact, hand-kept table of the common institutions, not APCA's full BSB file: a BSB whose prefix
 * is missing is refused (code 14). Callers with a fuller directory pass their own (same shape).
 */
export type BsbDirectory = Readonly<Record<string, string>>;

/** Shown as the bank of the business BSB (spec 1 §9: 654-000) until the server's institution name is known. */
export const BUSINESS_BSB_BANK_NAME = 'Bill smoothing business account';

export const AUSTRALIAN_BSB_DIRECTORY: BsbDirectory = {
  // Exact BSBs first: the business account that direct debits are paid into.
  [BUSINESS_BSB]: BUSINESS_BSB_BANK_NAME,
  // Institutions identified by the first two digits.
  '01': 'ANZ',
  '03': 'Westpac',
  '06': 'Commonwealth Bank',
  '08': 'National Australia Bank',
  '09': 'Reserve Bank of Australia',
  '10': 'BankSA',
  '11': 'St.George Bank',
  '12': 'Bank of Queensland',
  '18': 'Macquarie Bank',
  '19': 'Bank of Melbourne',
  '24': 'Citibank',
  '30': 'Bankwest',
  '33': 'St.George Bank',
  '34': 'HSBC Bank Australia',
  '48': 'Suncorp Bank',
  '73': 'Westpac',
  '76': 'Commonwealth Bank',
  // Institutions identified by the first three digits.
  '313': 'Bank Australia',
  '325': 'Beyond Bank',
  '633': 'Bendigo Bank',
  '637': 'Greater Bank',
  '638': 'Heritage Bank',
  '641': 'IMB Bank',
  '650': 'Newcastle Permanent',
  '805': "People's Choice",
  '814': 'Great Southern Bank',
  '923': 'ING',
  '939': 'AMP Bank',
  '944': 'ME Bank',
};

/** The institution of a 6-digit BSB (longest prefix first: 6, then 3, then 2 digits), or undefined. */
export function lookupBankName(bsb: string, directory: BsbDirectory = AUSTRALIAN_BSB_DIRECTORY): string | undefined {
  for (const length of [6, 3, 2]) {
    const name = directory[bsb.slice(0, length)];
    if (name !== undefined) return name;
  }
  return undefined;
}
