import { addDays, addMonths, daysInMonth, localDate, toYmd, type LocalDate } from '../../shared/local-date.js';
import { toDecimalString } from '../../shared/money.js';
import type { BpayBillerInfo } from '../../shared/validation/bpay.js';
import { DEMO_BPAY_BILLERS } from '../../shared/validation/bpay-demo-billers.js';
import { lookupBankName } from '../../shared/validation/bsb-directory.js';
import { appendCheckDigit } from '../../shared/validation/check-digit.js';
import { BUSINESS_BSB } from '../../shared/validation/direct-debit.js';
import { BUSINESS_BSB_BANK_NAME } from '../../shared/validation/bsb-directory.js';
import { formatPeakMonths } from '../../shared/bill/bill-amount.rules.js';
import { BillingFrequency } from '../../shared/bill/billing-frequency.js';
import { PaymentMethod } from '../../shared/bill/payment-method.js';
import { BillerStatus, ModificationState } from '../../shared/biller/biller-codes.js';
import type { BillerTemplate, SubCategoryTemplate } from '../biller-templates.js';
import type { Catalogue } from '../catalogue.js';
import { createRandom, type Random } from '../random.js';
import { CATALOGUE_COMPANIES } from '../../modules/company/index.js';
import type { BillerSeed, SubCategorySeed } from './types.js';

/** How far after the agreement's start the first bill may fall, per frequency (within one billing period). */
const FIRST_BILL_WITHIN_DAYS: Partial<Record<BillingFrequency, number>> = {
  [BillingFrequency.Weekly]: 6,
  [BillingFrequency.Fortnightly]: 13,
  [BillingFrequency.Monthly]: 27,
  [BillingFrequency.EverySecondMonth]: 55,
  [BillingFrequency.Quarterly]: 85,
  [BillingFrequency.SemiAnnually]: 170,
  [BillingFrequency.Annually]: 300,
};

const EFT_BSBS = ['062000', '032001', '082001', '013006', '633000', '923100', '484799'];

function digits(random: Random, length: number): string {
  let text = String(random.int(1, 9));
  while (text.length < length) text += String(random.int(0, 9));
  return text;
}

function firstDateOfBill(template: BillerTemplate | SubCategoryTemplate, from: LocalDate, random: Random): LocalDate {
  return addDays(from, random.int(1, FIRST_BILL_WITHIN_DAYS[template.frequency] ?? 27));
}

/** The first day-of-month `day` on or after `from`, clamped to short months. */
function nextDayOfMonth(from: LocalDate, day: number): LocalDate {
  const { year, month } = toYmd(from);
  const here = localDate(year, month, Math.min(day, daysInMonth(year, month)));
  return here >= from ? here : addMonths(here, 1, day);
}

export interface BillerOptions {
  /** The agreement's start (or the day the biller was added by a modification). */
  from: LocalDate;
  dateAdded: LocalDate;
  createdAt: Date;
  /** A 9-digit direct-debit number unique to this biller. */
  directDebitNumber: string;
  status?: BillerStatus;
  dateRemoved?: LocalDate | null;
  modificationState?: ModificationState;
  previousBillerId?: number | null;
}

/** The BPAY details of a catalogue company (the demo list's first), or undefined when it is not paid by BPAY. */
function bpayBillerOf(companyName: string): (BpayBillerInfo & { demo: boolean }) | undefined {
  const demo = DEMO_BPAY_BILLERS.find((b) => b.name === companyName);
  if (demo) return { ...demo, demo: true };
  const company = CATALOGUE_COMPANIES.find((c) => c.name === companyName);
  return company?.bpay ? { ...company.bpay, name: company.name, demo: false } : undefined;
}

/** A biller row and its bill plan from a template: BPAY, EFT, cheque, direct debit or reimbursement details. */
export function billerSeed(
  template: BillerTemplate,
  catalogue: Catalogue,
  random: Random,
  options: BillerOptions,
): BillerSeed {
  const company = template.companyName ? catalogue.companyByName.get(template.companyName) : undefined;
  const bpay = template.companyName ? bpayBillerOf(template.companyName) : undefined;
  const biMonthly = template.frequency === BillingFrequency.BiMonthly && template.biMonthlyDays;
  const dateOfBill = biMonthly
    ? nextDayOfMonth(options.from, template.biMonthlyDays![0])
    : firstDateOfBill(template, options.from, random);
  const secondDateOfBill = biMonthly ? nextDayOfMonth(addDays(dateOfBill, 1), template.biMonthlyDays![1]) : null;
  const finalBillDate = template.finalBillAfterMonths ? addMonths(dateOfBill, template.finalBillAfterMonths) : null;
  const method = template.paymentMethod;
  const isDirectDebit = method === PaymentMethod.DirectDebit;
  const isEft = method === PaymentMethod.Eft;
  let reference: string | null = null;
  if (method === PaymentMethod.Bpay && bpay) {
    const length = typeof bpay.referenceLength === 'number' ? bpay.referenceLength : (bpay.referenceLength?.max ?? 10);
    // A biller of the demo list draws from the scenario's stream, as it always has; any other catalogue company
    // from its own, so that the rest of the demo (dates, amounts) stays as it was.
    const source = bpay.demo ? random : createRandom(`reference:${template.nickname}:${options.directDebitNumber}`);
    reference = appendCheckDigit(
      digits(source, bpay.referenceAlgorithm === 'none' ? length : length - 1),
      bpay.referenceAlgorithm,
    );
  }
  const bsb = isEft ? random.pick(EFT_BSBS) : isDirectDebit ? BUSINESS_BSB : null;
  const varies = template.varies || isDirectDebit;
  const values = {
    billing_category_id: catalogue.categoryIds[template.category],
    company_id: company?.id ?? null,
    nickname: template.nickname,
    status: options.status ?? BillerStatus.Active,
    modification_state: options.modificationState ?? ModificationState.None,
    is_active: (options.status ?? BillerStatus.Active) !== BillerStatus.Removed,
    is_valid: true,
    on_hold_date: null,
    payment_method: method,
    bpay_biller_code: method === PaymentMethod.Bpay ? (bpay?.billerCode ?? null) : null,
    bpay_biller_name: method === PaymentMethod.Bpay ? (bpay?.name ?? null) : null,
    customer_reference_number: reference,
    bsb_number: bsb,
    bsb_bank_name: isDirectDebit ? BUSINESS_BSB_BANK_NAME : bsb ? (lookupBankName(bsb) ?? null) : null,
    eft_account_number: isEft ? digits(random, 8) : null,
    eft_account_name: isEft ? (template.companyName ?? `${template.nickname} services`) : null,
    eft_reference_number: isEft ? template.nickname.slice(0, 18) : null,
    direct_debit_account_number: isDirectDebit ? options.directDebitNumber : null,
    expected_bill_value: toDecimalString(template.amount),
    new_estimate: null,
    billing_frequency: template.frequency,
    date_of_bill: dateOfBill,
    date_of_bill_offset_days: template.offsetDays ?? 0,
    second_date_of_bill: secondDateOfBill,
    second_day_of_month: biMonthly ? template.biMonthlyDays![1] : null,
    is_exact_date_of_bill_known: true,
    does_amount_vary: varies,
    is_auto_payment: template.auto || isDirectDebit,
    is_notification_enabled: true,
    is_final_bill_expected: finalBillDate !== null,
    expected_final_bill_date: finalBillDate,
    is_season_bill: !!template.season,
    peak_months: template.season ? formatPeakMonths(template.season.peakMonths) : null,
    peak_value_of_bill: template.season ? toDecimalString(template.season.peak) : null,
    off_peak_value_of_bill: template.season ? toDecimalString(template.season.offPeak) : null,
    overdue_option: null,
    date_added: options.dateAdded,
    date_removed: options.dateRemoved ?? null,
    created_at: options.createdAt.toISOString(),
    updated_at: options.createdAt.toISOString(),
  };
  return {
    template,
    values,
    previousBillerId: options.previousBillerId ?? null,
    plan: {
      billerKey: template.nickname,
      label: template.nickname,
      frequency: template.frequency,
      dateOfBill,
      secondDateOfBill,
      finalBillDate,
      expectedBillValue: template.amount,
      season: template.season
        ? {
            peakMonths: new Set(template.season.peakMonths),
            peakValue: template.season.peak,
            offPeakValue: template.season.offPeak,
          }
        : null,
      amountVaries: varies,
      paymentMethod: method,
    },
  };
}

export function subCategorySeed(
  template: SubCategoryTemplate,
  catalogue: Catalogue,
  random: Random,
  options: { from: LocalDate; dateAdded: LocalDate; createdAt: Date },
): SubCategorySeed {
  const dateOfBill = firstDateOfBill(template, options.from, random);
  return {
    values: {
      billing_category_id: catalogue.categoryIds[template.category],
      nickname: template.nickname,
      expected_bill_value: toDecimalString(template.amount),
      billing_frequency: template.frequency,
      date_of_bill: dateOfBill,
      second_date_of_bill: null,
      is_exact_date_of_bill_known: false,
      does_amount_vary: false,
      status: BillerStatus.Active,
      modification_state: ModificationState.None,
      overdue_option: null,
      date_added: options.dateAdded,
      date_removed: null,
      created_at: options.createdAt.toISOString(),
    },
    plan: {
      billerKey: `sub:${template.nickname}`,
      label: template.nickname,
      frequency: template.frequency,
      dateOfBill,
      expectedBillValue: template.amount,
      amountVaries: false,
      paymentMethod: null,
    },
  };
}
