import type { EntityManager } from '@mikro-orm/postgresql';
import { cents } from '../../shared/money.js';
import { formatBsb } from '../../shared/validation/index.js';
import { dateOf, moneyOf, optionalDateOf, optionalMoneyOf } from '../../database/row-values.js';
import { contingencyFor } from '../../shared/bill/bill-amount.rules.js';
import { BILLER_OVERDUE_WARNING, SUB_CATEGORY_OVERDUE_WARNING } from '../../shared/bill/bill-details.rules.js';
import { BillingFrequency } from '../../shared/bill/billing-frequency.js';
import { BillStatus } from '../bill/index.js';
import { PaymentMethod } from '../../shared/bill/payment-method.js';
import { TransactionStatus } from '../ledger/index.js';
import { BillerStatus, BillingSourceItemType, ModificationState } from '../../shared/biller/biller-codes.js';
import { maskCustomerReference } from '../../shared/biller/biller-form.rules.js';
import { editRefusal, itemActions, nextBillDate } from './biller-list.rules.js';
import type { LocalDate } from '../../shared/local-date.js';
import type { BillerView, ListItemView, SubCategoryView } from './biller.types.js';

/**
 * Reads of the wizard's billers and sub-categories, set-based. A biller of a modification version is a copy of
 * the one in force (`previous_id`): its pending payments and overdue bills are found along that chain.
 */

type Kind = 'biller' | 'billing_sub_category';

export interface ItemFlags {
  isLocked: boolean;
  hasOverdueBills: boolean;
}

/** Whether each item has a pending transaction (locked) or overdue bills, along its previous versions. */
export async function itemFlags(
  em: EntityManager,
  kind: Kind,
  ids: readonly number[],
): Promise<Map<number, ItemFlags>> {
  const flags = new Map<number, ItemFlags>();
  if (ids.length === 0) return flags;
  const column = kind === 'biller' ? 'biller_id' : 'billing_sub_category_id';
  const pendingActivity =
    kind === 'biller'
      ? `exists (select 1 from activity a where a.biller_id = c.id and a.transaction_status = ${TransactionStatus.Pending})`
      : `exists (select 1 from activity a join bill x on x.id = a.bill_id
           where x.billing_sub_category_id = c.id and a.transaction_status = ${TransactionStatus.Pending})`;
  const rows = await em.execute<{ id: number; locked: boolean; overdue: boolean }[]>(
    `with recursive chain(root, id, previous_id) as (
       select s.id, s.id, s.previous_id from ${kind} s where s.id = any(?::int[])
       union all select c.root, p.id, p.previous_id from ${kind} p join chain c on p.id = c.previous_id
     )
     select c.root as id,
       bool_or(exists (select 1 from bill x where x.${column} = c.id and x.status = ${BillStatus.PaymentPending})
               or ${pendingActivity}) as locked,
       bool_or(exists (select 1 from bill x where x.${column} = c.id
               and x.status in (${BillStatus.Overdue}, ${BillStatus.OverdueNotified}))) as overdue
     from chain c group by c.root`,
    [`{${ids.join(',')}}`],
  );
  for (const row of rows)
    flags.set(Number(row.id), { isLocked: row.locked === true, hasOverdueBills: row.overdue === true });
  return flags;
}

interface BillerRow {
  id: number;
  agreement_id: number;
  nickname: string;
  billing_category_id: number;
  category: string;
  company_id: number | null;
  company: string | null;
  status: number;
  is_active: boolean;
  is_valid: boolean;
  modification_state: number;
  payment_method: number;
  bpay_biller_code: string | null;
  bpay_biller_name: string | null;
  customer_reference_number: string | null;
  bsb_number: string | null;
  bsb_bank_name: string | null;
  eft_account_number: string | null;
  eft_account_name: string | null;
  eft_reference_number: string | null;
  direct_debit_account_number: string | null;
  expected_bill_value: string;
  new_estimate: string | null;
  billing_frequency: number;
  date_of_bill: string;
  date_of_bill_offset_days: number;
  second_date_of_bill: string | null;
  second_day_of_month: number | null;
  is_exact_date_of_bill_known: boolean;
  does_amount_vary: boolean;
  is_auto_payment: boolean;
  is_notification_enabled: boolean;
  is_final_bill_expected: boolean;
  expected_final_bill_date: string | null;
  is_season_bill: boolean;
  peak_months: string | null;
  peak_value_of_bill: string | null;
  off_peak_value_of_bill: string | null;
  overdue_option: number | null;
  date_added: string;
}

const BILLER_SELECT = `select b.id, b.agreement_id, b.nickname, b.billing_category_id, cat.name as category,
    b.company_id, co.name as company, b.status, b.is_active, b.is_valid, b.modification_state, b.payment_method,
    b.bpay_biller_code, b.bpay_biller_name, b.customer_reference_number, b.bsb_number, b.bsb_bank_name,
    b.eft_account_number, b.eft_account_name, b.eft_reference_number, b.direct_debit_account_number,
    b.expected_bill_value, b.new_estimate, b.billing_frequency, b.date_of_bill::text as date_of_bill,
    b.date_of_bill_offset_days, b.second_date_of_bill::text as second_date_of_bill, b.second_day_of_month,
    b.is_exact_date_of_bill_known, b.does_amount_vary, b.is_auto_payment, b.is_notification_enabled,
    b.is_final_bill_expected, b.expected_final_bill_date::text as expected_final_bill_date, b.is_season_bill,
    b.peak_months, b.peak_value_of_bill, b.off_peak_value_of_bill, b.overdue_option, b.date_added::text as date_added
  from biller b join billing_category cat on cat.id = b.billing_category_id
  left join company co on co.id = b.company_id`;

function billerView(row: BillerRow, flags: ItemFlags | undefined): BillerView {
  const paymentType = Number(row.payment_method) as PaymentMethod;
  const expected = moneyOf(row.expected_bill_value);
  const biMonthly = Number(row.billing_frequency) === BillingFrequency.BiMonthly;
  const hasOverdueBills = flags?.hasOverdueBills ?? false;
  return {
    id: Number(row.id),
    billerId: Number(row.id),
    contractId: Number(row.agreement_id),
    nickname: row.nickname,
    billingCategoryId: Number(row.billing_category_id),
    category: row.category,
    companyId: row.company_id === null ? null : Number(row.company_id),
    company: row.company,
    status: Number(row.status),
    isActive: row.is_active,
    isValid: row.is_valid,
    modificationState: Number(row.modification_state),
    paymentType,
    bPayNumber: row.bpay_biller_code,
    bpayBillerName: row.bpay_biller_name,
    customerReferenceNumber: maskCustomerReference(row.customer_reference_number),
    bsbNumber: row.bsb_number,
    bsbDisplay: row.bsb_number ? formatBsb(row.bsb_number) || null : null,
    bsbBankName: row.bsb_bank_name,
    eftAccountNumber: row.eft_account_number,
    eftAccountName: row.eft_account_name,
    eftReferenceNumber: row.eft_reference_number,
    directDebitAccountNumber: row.direct_debit_account_number,
    expectedBillValue: expected,
    contingencyValue: contingencyFor(expected, { amountVaries: row.does_amount_vary, paymentMethod: paymentType }),
    newEstimate: optionalMoneyOf(row.new_estimate),
    billingFrequency: Number(row.billing_frequency),
    dateOfBill: dateOf(row.date_of_bill),
    dateOfBillOffset: Number(row.date_of_bill_offset_days),
    biMonthly1stDate: biMonthly ? dateOf(row.date_of_bill) : null,
    biMonthly2ndDate: biMonthly ? optionalDateOf(row.second_date_of_bill) : null,
    secondDayOfMonth: row.second_day_of_month === null ? null : Number(row.second_day_of_month),
    isExactDateOfBillKnown: row.is_exact_date_of_bill_known,
    doesAmountVaryFromBillToBill: row.does_amount_vary,
    isAutoPaymentBill: row.is_auto_payment,
    isNotificationEnabled: row.is_notification_enabled,
    isFinalBillExpected: row.is_final_bill_expected,
    expectedFinalBillDate: optionalDateOf(row.expected_final_bill_date),
    isSeasonBill: row.is_season_bill,
    peakMonths: row.peak_months,
    peakValueOfBill: optionalMoneyOf(row.peak_value_of_bill),
    offPeakValueOfBill: optionalMoneyOf(row.off_peak_value_of_bill),
    overdueOption: row.overdue_option === null ? null : Number(row.overdue_option),
    dateOfCreation: dateOf(row.date_added),
    isLocked: flags?.isLocked ?? false,
    hasOverdueBills,
    overdueWarning: hasOverdueBills ? BILLER_OVERDUE_WARNING : null,
  };
}

export async function loadBillers(
  em: EntityManager,
  where: { agreementId?: number; billerId?: number; activeOnly?: boolean },
): Promise<BillerView[]> {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (where.agreementId !== undefined) {
    conditions.push('b.agreement_id = ?');
    params.push(where.agreementId);
  }
  if (where.billerId !== undefined) {
    conditions.push('b.id = ?');
    params.push(where.billerId);
  }
  if (where.activeOnly) conditions.push(`b.status <> ${BillerStatus.Removed} and b.is_active`);
  const rows = await em.execute<BillerRow[]>(
    `${BILLER_SELECT} where ${conditions.join(' and ') || 'false'} order by b.id`,
    params,
  );
  const flags = await itemFlags(
    em,
    'biller',
    rows.map((row) => Number(row.id)),
  );
  return rows.map((row) => billerView(row, flags.get(Number(row.id))));
}

interface SubCategoryRow {
  id: number;
  agreement_id: number;
  billing_category_id: number;
  category: string;
  nickname: string;
  expected_bill_value: string;
  billing_frequency: number;
  date_of_bill: string;
  second_date_of_bill: string | null;
  is_exact_date_of_bill_known: boolean;
  status: number;
  modification_state: number;
  overdue_option: number | null;
  date_added: string;
}

export async function loadSubCategories(
  em: EntityManager,
  where: { agreementId?: number; subCategoryId?: number },
): Promise<SubCategoryView[]> {
  const byAgreement = where.agreementId !== undefined;
  const rows = await em.execute<SubCategoryRow[]>(
    `select s.id, s.agreement_id, s.billing_category_id, cat.name as category, s.nickname, s.expected_bill_value,
       s.billing_frequency, s.date_of_bill::text as date_of_bill, s.second_date_of_bill::text as second_date_of_bill,
       s.is_exact_date_of_bill_known, s.status, s.modification_state, s.overdue_option, s.date_added::text as date_added
     from billing_sub_category s join billing_category cat on cat.id = s.billing_category_id
     where ${byAgreement ? 's.agreement_id' : 's.id'} = ? order by s.id`,
    [byAgreement ? where.agreementId : where.subCategoryId],
  );
  const flags = await itemFlags(
    em,
    'billing_sub_category',
    rows.map((row) => Number(row.id)),
  );
  return rows.map((row) => {
    const flag = flags.get(Number(row.id));
    const biMonthly = Number(row.billing_frequency) === BillingFrequency.BiMonthly;
    const status = Number(row.status);
    return {
      id: Number(row.id),
      billingSubCategoryId: Number(row.id),
      contractId: Number(row.agreement_id),
      billingCategoryId: Number(row.billing_category_id),
      category: row.category,
      nickname: row.nickname,
      expectedBillValue: moneyOf(row.expected_bill_value),
      billingFrequency: Number(row.billing_frequency),
      dateOfBill: dateOf(row.date_of_bill),
      biMonthly1stDate: biMonthly ? dateOf(row.date_of_bill) : null,
      biMonthly2ndDate: biMonthly ? optionalDateOf(row.second_date_of_bill) : null,
      isExactDateOfBillKnown: row.is_exact_date_of_bill_known,
      status,
      modificationState: Number(row.modification_state),
      isActive: status !== BillerStatus.Removed,
      overdueOption: row.overdue_option === null ? null : Number(row.overdue_option),
      dateOfCreation: dateOf(row.date_added),
      isLocked: flag?.isLocked ?? false,
      hasOverdueBills: flag?.hasOverdueBills ?? false,
      overdueWarning: flag?.hasOverdueBills ? SUB_CATEGORY_OVERDUE_WARNING : null,
    };
  });
}

/**
 * A biller or sub-category as a row of the list; its next bill from `today` within its version's period (`version`:
 * the wizard's version, with its start and end dates).
 */
export function listItemOf(
  item: BillerView | SubCategoryView,
  version: { startDate: LocalDate; endDate: LocalDate },
  today: LocalDate,
): ListItemView {
  const isBiller = 'billerId' in item;
  const actions = itemActions({ status: item.status as BillerStatus, isLocked: item.isLocked });
  return {
    id: item.id,
    type: isBiller ? BillingSourceItemType.Biller : BillingSourceItemType.SubCategory,
    nickname: item.nickname,
    billingCategoryId: item.billingCategoryId,
    category: item.category,
    company: isBiller ? item.company : null,
    status: item.status,
    modificationState: item.modificationState as ModificationState,
    paymentType: isBiller ? item.paymentType : null,
    expectedBillValue: item.expectedBillValue ?? cents(0),
    billingFrequency: item.billingFrequency,
    dateOfBill: item.dateOfBill,
    nextBillDate: nextBillDate(
      { ...item, expectedFinalBillDate: isBiller && item.isFinalBillExpected ? item.expectedFinalBillDate : null },
      { start: version.startDate, end: version.endDate },
      today,
    ),
    isLocked: item.isLocked,
    ...actions,
    lockedMessage: editRefusal({ status: item.status as BillerStatus, isLocked: item.isLocked })?.message ?? null,
  };
}
