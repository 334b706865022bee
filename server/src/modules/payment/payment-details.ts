import type { EntityManager } from '@mikro-orm/postgresql';
import { intArray } from '../../database/bulk.js';
import type { BpayBillerInfo } from '../../shared/validation/index.js';
import type { PaymentMethod } from '../../shared/bill/payment-method.js';
import { COMPANY_BPAY_COLUMNS, bpayEntryOfRow, type CompanyBpayRow } from '../company/index.js';
import type { BillerPaymentDetails } from './payment-details.rules.js';

interface RawDetails extends CompanyBpayRow {
  payment_method: number;
  nickname: string;
  bpay_biller_code: string | null;
  customer_reference_number: string | null;
  bsb_number: string | null;
  eft_account_number: string | null;
  eft_account_name: string | null;
  eft_reference_number: string | null;
}

/**
 * The catalogue entry is the stored company with the biller's BPAY code: the biller's own company first, else
 * any active company with that code; none refuses the payment (11).
 */
const DETAILS_SELECT = `select br.id as biller_id, br.payment_method, br.nickname, br.bpay_biller_code, br.customer_reference_number,
    br.bsb_number, br.eft_account_number, br.eft_account_name, br.eft_reference_number,
    ${COMPANY_BPAY_COLUMNS}
  from biller br
  left join lateral (
    select * from company c
    where c.bpay_biller_code = br.bpay_biller_code and (c.is_active or c.id = br.company_id)
    order by (c.id = br.company_id) desc, c.id limit 1
  ) c on true
  where br.id = any(?::int[])`;

export interface LoadedPaymentDetails {
  details: BillerPaymentDetails;
  /** The company catalogue's entry for the biller's BPAY code, if any. */
  catalogueEntry: BpayBillerInfo | null;
}

/** The paying details of a biller and its BPAY catalogue entry, read inside the payment's transaction. */
export async function loadPaymentDetails(tx: EntityManager, billerId: number): Promise<LoadedPaymentDetails> {
  return (await loadPaymentDetailsOf(tx, [billerId])).get(billerId)!;
}

/** The paying details of these billers (by id), in one statement: a batch of automatic payments. */
export async function loadPaymentDetailsOf(
  tx: EntityManager,
  billerIds: readonly number[],
): Promise<Map<number, LoadedPaymentDetails>> {
  const result = new Map<number, LoadedPaymentDetails>();
  if (billerIds.length === 0) return result;
  const rows = await tx.execute<(RawDetails & { biller_id: number })[]>(DETAILS_SELECT, [intArray(billerIds)]);
  for (const row of rows) {
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
    result.set(Number(row.biller_id), { details, catalogueEntry: bpayEntryOfRow(row) });
  }
  return result;
}
