import type { EntityManager } from '@mikro-orm/postgresql';
import { parseMoney } from '../../shared/money.js';
import { normaliseBillerCode, type BpayBillerInfo, type CheckDigitAlgorithm } from '../../shared/validation/index.js';
import { catalogueEntryOf } from './company-catalogue.rules.js';

/** The BPAY columns of a stored company, as SQL selects them (`company_code` … `max_amount`). */
export interface CompanyBpayRow {
  company_code: string | null;
  company_name: string | null;
  reference_algorithm: string | null;
  reference_min_length: number | null;
  reference_max_length: number | null;
  min_amount: string | null;
  max_amount: string | null;
}

/** The select list of CompanyBpayRow over a company aliased `c`. */
export const COMPANY_BPAY_COLUMNS = `c.bpay_biller_code as company_code, coalesce(c.bpay_biller_name, c.name) as company_name,
    c.reference_algorithm, c.reference_min_length, c.reference_max_length, c.min_amount, c.max_amount`;

/** A stored company row as the BPAY validator's catalogue entry; null when the row names no company. */
export function bpayEntryOfRow(row: CompanyBpayRow): BpayBillerInfo | null {
  if (row.company_code === null) return null;
  return catalogueEntryOf({
    bpayBillerCode: row.company_code,
    name: row.company_name ?? '',
    referenceAlgorithm: (row.reference_algorithm ?? 'none') as CheckDigitAlgorithm,
    referenceMinLength: row.reference_min_length,
    referenceMaxLength: row.reference_max_length,
    minAmount: row.min_amount === null ? null : parseMoney(String(row.min_amount)),
    maxAmount: row.max_amount === null ? null : parseMoney(String(row.max_amount)),
  });
}

/**
 * The company catalogue's entry for a BPAY biller code (spec 2 §2, §5): the active stored company with that code
 * (the first stored when several share it, as paying picks), or null, which the validator answers with 11.
 */
export async function findBpayBiller(
  em: EntityManager,
  billerCode: string | number | null | undefined,
): Promise<BpayBillerInfo | null> {
  const code = normaliseBillerCode(billerCode);
  if (code === undefined) return null;
  const [row] = await em.execute<CompanyBpayRow[]>(
    `select ${COMPANY_BPAY_COLUMNS} from company c where c.bpay_biller_code = ? and c.is_active
     order by c.id limit 1`,
    [code],
  );
  return row ? bpayEntryOfRow(row) : null;
}
