import type { EntityManager } from '@mikro-orm/postgresql';
import { toDecimalString } from '../shared/money.js';
import type { CheckDigitAlgorithm } from '../shared/validation/check-digit.js';
import { insertRows, runSql } from '../database/bulk.js';
import { CATALOGUE_CATEGORIES, CATALOGUE_COMPANIES, type CatalogueCategoryKey } from '../modules/company/index.js';

/** The billing categories the migrations load, by the names the demo uses. */
export const CATEGORY = CATALOGUE_CATEGORIES;

export type CategoryKey = CatalogueCategoryKey;

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
  const rows = CATALOGUE_COMPANIES.map(({ name, category, popularity, paymentMethods, bpay }) => {
    const length = bpay?.referenceLength;
    return {
      name,
      billing_category_id: categoryIds[category],
      popularity,
      payment_methods: paymentMethods.join(','),
      bpay_biller_code: bpay?.billerCode ?? null,
      bpay_biller_name: bpay ? name : null,
      reference_algorithm: bpay?.referenceAlgorithm ?? 'none',
      reference_min_length: typeof length === 'number' ? length : (length?.min ?? null),
      reference_max_length: typeof length === 'number' ? length : (length?.max ?? null),
      min_amount: bpay?.minAmount !== undefined ? toDecimalString(bpay.minAmount) : null,
      max_amount: bpay?.maxAmount !== undefined ? toDecimalString(bpay.maxAmount) : null,
    };
  });
  // Companies stored before payment methods were shipped get theirs; a method list already set is kept.
  await runSql(
    em,
    `update company c set payment_methods = r.payment_methods
     from json_to_recordset(?::json) as r(name text, payment_methods text)
     where c.name = r.name and c.payment_methods in ('', '0')`,
    [JSON.stringify(rows.map(({ name, payment_methods }) => ({ name, payment_methods })))],
  );
  await insertRows(
    em,
    'company',
    [
      { name: 'name', type: 'text' },
      { name: 'billing_category_id', type: 'int' },
      { name: 'popularity', type: 'int' },
      { name: 'payment_methods', type: 'text' },
      { name: 'bpay_biller_code', type: 'text' },
      { name: 'bpay_biller_name', type: 'text' },
      { name: 'reference_algorithm', type: 'text' },
      { name: 'reference_min_length', type: 'smallint' },
      { name: 'reference_max_length', type: 'smallint' },
      { name: 'min_amount', type: 'numeric' },
      { name: 'max_amount', type: 'numeric' },
    ],
    rows.filter((row) => !existing.has(row.name)),
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
