import type { EntityManager } from '@mikro-orm/postgresql';
import type { LocalDate } from '../../shared/local-date.js';
import type { Cents } from '../../shared/money.js';
import { intArray } from '../../database/bulk.js';
import { dateOf, moneyOf, optionalDateOf, optionalMoneyOf } from '../../database/row-values.js';
import type { BillStatus } from '../bill/index.js';
import { PaymentMethod } from '../../shared/bill/payment-method.js';
import { BillerStatus } from '../../shared/biller/biller-codes.js';

/**
 * An agreement's billers and billing sub-categories and their bills, read set-based: one statement each for any
 * number of agreements, whatever the number of billers or bills (the overview's SQL count stays constant).
 */

/** A biller, or a sub-category (paid as an allocation: payment method Unknown, never automatic). */
export interface BillerFacts {
  /** `biller:12` or `subcategory:3`. */
  key: string;
  /**
   * The key of the item of the version it replaces that this one copies (a modification's or renewal's copy: the
   * bills of that item follow it when the change is applied, version-carry-over.ts); null for an item of its own.
   */
  previousKey: string | null;
  id: number;
  agreementId: number;
  isSubCategory: boolean;
  nickname: string;
  categoryId: number;
  categoryName: string;
  paymentMethod: PaymentMethod;
  frequency: number;
  expectedBillValue: Cents;
  /** A revised estimate of a variable bill; forecasts use it over the expected value. */
  newEstimate: Cents | null;
  status: BillerStatus;
  onHoldDate: LocalDate | null;
  isAutoPayment: boolean;
  dateOfBill: LocalDate;
  secondDateOfBill: LocalDate | null;
  finalBillDate: LocalDate | null;
  amountVaries: boolean;
  peakMonths: number[];
  peakValue: Cents | null;
  offPeakValue: Cents | null;
}

export interface BillFacts {
  id: number;
  agreementId: number;
  /** The key of its biller or sub-category (`biller:12`, `subcategory:3`). */
  sourceKey: string;
  dueDate: LocalDate;
  expectedAmount: Cents;
  amountAllocated: Cents;
  contingency: Cents;
  status: BillStatus;
  paidAmount: Cents;
  paidDate: LocalDate | null;
}

type Row = Record<string, unknown>;

function peakMonthsOf(text: unknown): number[] {
  if (typeof text !== 'string' || text.trim() === '') return [];
  return text
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((month) => Number.isInteger(month) && month >= 1 && month <= 12);
}

/** A row of billersSelect (from pg, or an object of its JSON aggregate: the columns read alike). */
export function billerOf(row: Row): BillerFacts {
  const isSubCategory = row.kind === 'subcategory';
  return {
    key: `${String(row.kind)}:${Number(row.id)}`,
    previousKey:
      row.previous_id === null || row.previous_id === undefined
        ? null
        : `${String(row.kind)}:${Number(row.previous_id)}`,
    id: Number(row.id),
    agreementId: Number(row.agreement_id),
    isSubCategory,
    nickname: String(row.nickname),
    categoryId: Number(row.category_id),
    categoryName: String(row.category_name),
    paymentMethod: Number(row.payment_method) as PaymentMethod,
    frequency: Number(row.billing_frequency),
    expectedBillValue: moneyOf(row.expected_bill_value),
    newEstimate: optionalMoneyOf(row.new_estimate),
    status: Number(row.status) as BillerStatus,
    onHoldDate: optionalDateOf(row.on_hold_date),
    isAutoPayment: Boolean(row.is_auto_payment),
    dateOfBill: dateOf(row.date_of_bill),
    secondDateOfBill: optionalDateOf(row.second_date_of_bill),
    finalBillDate: optionalDateOf(row.final_bill_date),
    amountVaries: Boolean(row.does_amount_vary),
    peakMonths: peakMonthsOf(row.peak_months),
    peakValue: optionalMoneyOf(row.peak_value),
    offPeakValue: optionalMoneyOf(row.off_peak_value),
  };
}

/**
 * The agreements' billers and sub-categories that are not removed, for the agreement ids `ids` (an int[] SQL
 * expression; by default the parameter `?::int[]`, twice, given as an `intArray`). Amounts are selected as text,
 * so that a row reads the same from pg and from a `json_agg` of these rows (the overview's statement); sorted
 * by billersOrder.
 */
export function billersSelect(ids = '?::int[]'): string {
  return `select 'biller' as kind, b.id, b.agreement_id, b.nickname, b.billing_category_id as category_id,
            c.name as category_name, b.payment_method, b.billing_frequency,
            b.expected_bill_value::text as expected_bill_value, b.new_estimate::text as new_estimate,
            b.status, b.on_hold_date::text as on_hold_date, b.is_auto_payment, b.date_of_bill::text as date_of_bill,
            b.second_date_of_bill::text as second_date_of_bill,
            case when b.is_final_bill_expected then b.expected_final_bill_date::text end as final_bill_date,
            b.does_amount_vary, case when b.is_season_bill then b.peak_months end as peak_months,
            case when b.is_season_bill then b.peak_value_of_bill::text end as peak_value,
            case when b.is_season_bill then b.off_peak_value_of_bill::text end as off_peak_value,
            b.previous_id
     from biller b join billing_category c on c.id = b.billing_category_id
     where b.agreement_id = any(${ids}) and b.status <> ${BillerStatus.Removed}
     union all
     select 'subcategory', s.id, s.agreement_id, s.nickname, s.billing_category_id, c.name, ${PaymentMethod.Unknown},
            s.billing_frequency, s.expected_bill_value::text, null, s.status, null, false, s.date_of_bill::text,
            s.second_date_of_bill::text, null, s.does_amount_vary, null, null, null, s.previous_id
     from billing_sub_category s join billing_category c on c.id = s.billing_category_id
     where s.agreement_id = any(${ids}) and s.status <> ${BillerStatus.Removed}`;
}

/** Billers before sub-categories, by nickname, then id (columns of billersSelect, optionally qualified). */
export function billersOrder(alias?: string): string {
  const column = (name: string) => (alias ? `${alias}.${name}` : name);
  return `${column('kind')}, ${column('nickname')}, ${column('id')}`;
}

/** The agreements' billers and sub-categories that are not removed, biller before sub-category, by nickname. */
export async function loadBillers(em: EntityManager, agreementIds: readonly number[]): Promise<BillerFacts[]> {
  if (agreementIds.length === 0) return [];
  const ids = intArray(new Set(agreementIds));
  const rows = await em.execute<Row[]>(`${billersSelect()} order by ${billersOrder()}`, [ids, ids]);
  return rows.map(billerOf);
}

/** Every bill of the agreements `ids` (as billersSelect's, once); amounts as text; sorted by billsOrder. */
export function billsSelect(ids = '?::int[]'): string {
  return `select id, agreement_id, biller_id, billing_sub_category_id, due_date::text as due_date,
            expected_amount::text as expected_amount, amount_allocated::text as amount_allocated,
            contingency::text as contingency, status, paid_amount::text as paid_amount, paid_date::text as paid_date
     from bill where agreement_id = any(${ids})`;
}

/** Due date ascending, then id (columns of billsSelect, optionally qualified). */
export function billsOrder(alias?: string): string {
  const column = (name: string) => (alias ? `${alias}.${name}` : name);
  return `${column('due_date')}, ${column('id')}`;
}

/** A row of billsSelect (from pg, or an object of its JSON aggregate). */
export function billOf(row: Row): BillFacts {
  return {
    id: Number(row.id),
    agreementId: Number(row.agreement_id),
    sourceKey:
      row.biller_id === null ? `subcategory:${Number(row.billing_sub_category_id)}` : `biller:${Number(row.biller_id)}`,
    dueDate: dateOf(row.due_date),
    expectedAmount: moneyOf(row.expected_amount),
    amountAllocated: moneyOf(row.amount_allocated),
    contingency: moneyOf(row.contingency),
    status: Number(row.status) as BillStatus,
    paidAmount: moneyOf(row.paid_amount),
    paidDate: optionalDateOf(row.paid_date),
  };
}

/** Every bill of the agreements, due date ascending. */
export async function loadBills(em: EntityManager, agreementIds: readonly number[]): Promise<BillFacts[]> {
  if (agreementIds.length === 0) return [];
  const rows = await em.execute<Row[]>(`${billsSelect()} order by ${billsOrder()}`, [intArray(new Set(agreementIds))]);
  return rows.map(billOf);
}
