import type { EntityManager } from '@mikro-orm/postgresql';
import { toDecimalString } from '../common/money.js';
import { DEMO_BPAY_BILLERS, type HouseholdBillCategory } from '../common/validation/bpay-demo-billers.js';
import type { CheckDigitAlgorithm } from '../common/validation/check-digit.js';
import { insertRows } from '../database/bulk.js';

/** The billing categories the migration loads, by the names the demo uses. */
export const CATEGORY = {
  electricity: 'Electricity',
  gas: 'Gas',
  water: 'Water',
  phone: 'Phone & Internet',
  rates: 'Council Rates',
  insurance: 'Insurance',
  rent: 'Rent & Mortgage',
  education: 'Education',
  transport: 'Transport',
  health: 'Health',
  childcare: 'Childcare',
  other: 'Other',
} as const;

export type CategoryKey = keyof typeof CATEGORY;

const FROM_BPAY_CATEGORY: Record<HouseholdBillCategory, CategoryKey> = {
  electricity: 'electricity',
  gas: 'gas',
  water: 'water',
  phone: 'phone',
  'council rates': 'rates',
  insurance: 'insurance',
};

/** Fictitious companies not paid by BPAY (EFT, direct debit, cheque), so every category has a few. */
const OTHER_COMPANIES: { name: string; category: CategoryKey; popularity: number }[] = [
  { name: 'Riverbend Property Management', category: 'rent', popularity: 60 },
  { name: 'Wattle Home Loans', category: 'rent', popularity: 40 },
  { name: 'Banksia Grammar School', category: 'education', popularity: 50 },
  { name: 'Coastal TAFE', category: 'education', popularity: 20 },
  { name: 'Transport Registry (demo)', category: 'transport', popularity: 70 },
  { name: 'Harbour Motor Club', category: 'transport', popularity: 30 },
  { name: 'Bluegum Health Fund', category: 'health', popularity: 65 },
  { name: 'Gumtree Dental', category: 'health', popularity: 15 },
  { name: 'Little Wrens Childcare', category: 'childcare', popularity: 45 },
  { name: 'Coral Coast Gym', category: 'other', popularity: 25 },
  { name: 'Streamline Entertainment', category: 'other', popularity: 35 },
];

export interface CatalogueCompany {
  id: number;
  name: string;
  categoryId: number;
  bpayBillerCode: string | null;
  referenceAlgorithm: CheckDigitAlgorithm;
}

export interface Catalogue {
  categoryIds: Record<CategoryKey, number>;
  companies: CatalogueCompany[];
  companyByName: Map<string, CatalogueCompany>;
  /** The default overdraw rule (8-week good conduct). */
  overdrawRuleId: number | null;
}

/** Loads the catalogue, adding the demo companies once (a company is matched by name). */
export async function ensureCatalogue(em: EntityManager): Promise<Catalogue> {
  const categories = await em.execute<{ id: number; name: string }[]>('select id, name from billing_category');
  const byName = new Map(categories.map((row) => [row.name, row.id]));
  const categoryIds = Object.fromEntries(
    Object.entries(CATEGORY).map(([key, name]) => {
      const id = byName.get(name);
      if (id === undefined) throw new Error(`Billing category "${name}" is missing: run the migrations`);
      return [key, id];
    }),
  ) as Record<CategoryKey, number>;
  const existing = new Set((await em.execute<{ name: string }[]>('select name from company')).map((row) => row.name));
  const rows = [
    ...DEMO_BPAY_BILLERS.map((biller, index) => ({
      name: biller.name,
      billing_category_id: categoryIds[FROM_BPAY_CATEGORY[biller.category]],
      popularity: 100 - index * 3,
      bpay_biller_code: biller.billerCode,
      bpay_biller_name: biller.name,
      reference_algorithm: biller.referenceAlgorithm,
      reference_min_length:
        typeof biller.referenceLength === 'number' ? biller.referenceLength : (biller.referenceLength?.min ?? null),
      reference_max_length:
        typeof biller.referenceLength === 'number' ? biller.referenceLength : (biller.referenceLength?.max ?? null),
      min_amount: biller.minAmount !== undefined ? toDecimalString(biller.minAmount) : null,
      max_amount: biller.maxAmount !== undefined ? toDecimalString(biller.maxAmount) : null,
    })),
    ...OTHER_COMPANIES.map((company) => ({
      name: company.name,
      billing_category_id: categoryIds[company.category],
      popularity: company.popularity,
      bpay_biller_code: null,
      bpay_biller_name: null,
      reference_algorithm: 'none',
      reference_min_length: null,
      reference_max_length: null,
      min_amount: null,
      max_amount: null,
    })),
  ].filter((row) => !existing.has(row.name));
  await insertRows(
    em,
    'company',
    [
      { name: 'name', type: 'text' },
      { name: 'billing_category_id', type: 'int' },
      { name: 'popularity', type: 'int' },
      { name: 'bpay_biller_code', type: 'text' },
      { name: 'bpay_biller_name', type: 'text' },
      { name: 'reference_algorithm', type: 'text' },
      { name: 'reference_min_length', type: 'smallint' },
      { name: 'reference_max_length', type: 'smallint' },
      { name: 'min_amount', type: 'numeric' },
      { name: 'max_amount', type: 'numeric' },
    ],
    rows,
  );
  const companies = (
    await em.execute<
      {
        id: number;
        name: string;
        billing_category_id: number;
        bpay_biller_code: string | null;
        reference_algorithm: string;
      }[]
    >('select id, name, billing_category_id, bpay_biller_code, reference_algorithm from company order by id')
  ).map((row) => ({
    id: row.id,
    name: row.name,
    categoryId: row.billing_category_id,
    bpayBillerCode: row.bpay_biller_code,
    referenceAlgorithm: row.reference_algorithm as CheckDigitAlgorithm,
  }));
  const [rule] = await em.execute<{ id: number }[]>(
    'select id from overdraw_rule where is_default order by id limit 1',
  );
  return {
    categoryIds,
    companies,
    companyByName: new Map(companies.map((company) => [company.name, company])),
    overdrawRuleId: rule?.id ?? null,
  };
}
