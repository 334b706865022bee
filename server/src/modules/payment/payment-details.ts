import type { EntityManager } from '@mikro-orm/postgresql';
import { parseMoney } from '../../common/money.js';
import {
  DEMO_BPAY_BILLERS,
  normaliseBillerCode,
  type BpayBillerInfo,
  type CheckDigitAlgorithm,
} from '../../common/validation/index.js';
import type { PaymentMethod } from '../bill/payment-method.js';
import { catalogueEntryOf, type BillerPaymentDetails } from './payment-details.rules.js';

interface RawDetails {
  payment_method: number;
  nickname: string;
  bpay_biller_code: string | null;
  customer_reference_number: string | null;
  bsb_number: string | null;
  eft_account_number: string | null;
  eft_account_name: string | null;
  eft_reference_number: string | null;
  company_code: string | null;
  company_name: string | null;
  reference_algorithm: string | null;
  reference_min_length: number | null;
  reference_max_length: number | null;
  min_amount: string | null;
  max_amount: string | null;
}

/**
 * The catalogue entry is the stored company with the biller's BPAY code: the biller's own company first, else
 * any active company with that code. Only when the database has none does the demo catalogue answer (a
 * database without the catalogue, e.g. a fresh test database); no entry at all refuses the payment (11).
 */
const DETAILS_SELECT = `select br.payment_method, br.nickname, br.bpay_biller_code, br.customer_reference_number,
    br.bsb_number, br.eft_account_number, br.eft_account_name, br.eft_reference_number,
    c.bpay_biller_code as company_code, coalesce(c.bpay_biller_name, c.name) as company_name, c.reference_algorithm,
    c.reference_min_length, c.reference_max_length, c.min_amount, c.max_amount
  from biller br
  left join lateral (
    select * from company c
    where c.bpay_biller_code = br.bpay_biller_code and (c.is_active or c.id = br.company_id)
    order by (c.id = br.company_id) desc, c.id limit 1
  ) c on true
  where br.id = ?`;

export interface LoadedPaymentDetails {
  details: BillerPaymentDetails;
  /** The BPAY catalogue entry of the biller's code (database first, then the demo catalogue), if any. */
  catalogueEntry: BpayBillerInfo | null;
}

/** The paying details of a biller and its BPAY catalogue entry, read inside the payment's transaction. */
export async function loadPaymentDetails(tx: EntityManager, billerId: number): Promise<LoadedPaymentDetails> {
  const [row] = await tx.execute<RawDetails[]>(DETAILS_SELECT, [billerId]);
  const details: BillerPaymentDetails = {
    paymentMethod: row.payment_method as PaymentMethod,
    nickname: row.nickname,
    bpayBillerCode: row.bpay_biller_code,
    customerReferenceNumber: row.customer_reference_number,
    bsbNumber: row.bsb_number,
    eftAccountNumber: row.eft_account_number,
    eftAccountName: row.eft_account_name,
    eftReferenceNumber: row.eft_reference_number,
  };
  if (row.company_code !== null) {
    const catalogueEntry = catalogueEntryOf({
      bpayBillerCode: row.company_code,
      name: row.company_name ?? '',
      referenceAlgorithm: (row.reference_algorithm ?? 'none') as CheckDigitAlgorithm,
      referenceMinLength: row.reference_min_length,
      referenceMaxLength: row.reference_max_length,
      minAmount: row.min_amount === null ? null : parseMoney(String(row.min_amount)),
      maxAmount: row.max_amount === null ? null : parseMoney(String(row.max_amount)),
    });
    return { details, catalogueEntry };
  }
  const code = normaliseBillerCode(row.bpay_biller_code);
  const demo = code === undefined ? undefined : DEMO_BPAY_BILLERS.find((entry) => entry.billerCode === code);
  return { details, catalogueEntry: demo ?? null };
}
