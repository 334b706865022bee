import type { Cents } from '../../common/money.js';
import type { BpayBillerInfo, CheckDigitAlgorithm } from '../../common/validation/index.js';

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
