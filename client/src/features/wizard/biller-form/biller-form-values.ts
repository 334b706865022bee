import dayjs from 'dayjs';
import { FORM_ERROR } from 'final-form';
import type { Cents } from '@shared/money';
import { defaultEftReference, formatAmountInput, formatBsb, parseBsb } from '@shared/validation/index';
import { contingencyFor, parsePeakMonths } from '@shared/bill/bill-amount.rules';
import { BillingFrequency } from '@shared/bill/billing-frequency';
import { PaymentMethod } from '@shared/bill/payment-method';
import { changePaymentType } from '@shared/biller/biller-form.rules';
import type {
  BillerInput,
  SubCategoryInput,
  WizardBillerFieldsFragment,
  WizardSubCategoryFieldsFragment,
} from '../../../gql/graphql';
import { amountOf } from '../../../shared/amount/amount-entry';

/**
 * The biller and sub-category forms' values and their mapping to the save inputs (spec 2 §3-§5). The rules
 * themselves are the server's (`biller-form.rules.ts`, `bill-details.rules.ts`): imported where they shape the
 * form as it is filled (direct debit's flags, the contingency, the EFT reference default), answered by the save
 * mutation otherwise (each refusal shown at its field).
 */

export { BillingFrequency, PaymentMethod };

/** The shared bill fields, as the form holds them (text boxes keep text; amounts are the amount box's text). */
export interface BillFieldValues {
  nickname: string;
  expectedBillValue: string;
  billingFrequency: string;
  /** 'exact' or 'rough'. */
  dateKind: 'exact' | 'rough';
  dateOfBill: string;
  roughMonth: string;
  biMonthly1stDate: string;
  biMonthly2ndDate: string;
  overdueOption: string;
}

export interface BillerFormValues extends BillFieldValues {
  paymentType: string;
  bPayNumber: string;
  customerReferenceNumber: string;
  bsbNumber: string;
  eftAccountNumber: string;
  eftAccountName: string;
  eftReferenceNumber: string;
  directDebitAccountNumber: string;
  /** 'yes', 'no' or '' (not chosen: required, spec 2 §5). */
  amountVaries: '' | 'yes' | 'no';
  isAutoPaymentBill: boolean;
  /** The auto-payment value before direct debit forced it on (spec 2 §4). */
  priorAutoPayment: boolean | null;
  isNotificationEnabled: boolean;
  isFinalBillExpected: boolean;
  expectedFinalBillDate: string;
  isSeasonBill: boolean;
  peakValueOfBill: string;
  offPeakValueOfBill: string;
  peakMonths: number[];
  newNoteText: string;
}

export type SubCategoryFormValues = BillFieldValues;

/** Where the item being edited sits: its agreement, its category and company (steps 1-2), its id when editing. */
export interface ItemPlace {
  contractId: number;
  billingCategoryId: number;
  companyId: number | null;
  itemId: number | null;
}

const EMPTY_BILL_FIELDS: BillFieldValues = {
  nickname: '',
  expectedBillValue: '',
  billingFrequency: '',
  dateKind: 'exact',
  dateOfBill: '',
  roughMonth: '',
  biMonthly1stDate: '',
  biMonthly2ndDate: '',
  overdueOption: '',
};

export const EMPTY_BILLER: BillerFormValues = {
  ...EMPTY_BILL_FIELDS,
  paymentType: '',
  bPayNumber: '',
  customerReferenceNumber: '',
  bsbNumber: '',
  eftAccountNumber: '',
  eftAccountName: '',
  eftReferenceNumber: '',
  directDebitAccountNumber: '',
  amountVaries: '',
  isAutoPaymentBill: false,
  priorAutoPayment: null,
  isNotificationEnabled: true,
  isFinalBillExpected: false,
  expectedFinalBillDate: '',
  isSeasonBill: false,
  peakValueOfBill: '',
  offPeakValueOfBill: '',
  peakMonths: [],
  newNoteText: '',
};

export const EMPTY_SUB_CATEGORY: SubCategoryFormValues = EMPTY_BILL_FIELDS;

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

function billFieldsOf(item: {
  nickname: string;
  expectedBillValue: string;
  billingFrequency: number;
  dateOfBill: string;
  biMonthly1stDate: string | null;
  biMonthly2ndDate: string | null;
  isExactDateOfBillKnown: boolean;
  overdueOption: number | null;
}): BillFieldValues {
  return {
    nickname: item.nickname,
    expectedBillValue: item.expectedBillValue,
    billingFrequency: String(item.billingFrequency),
    dateKind: item.isExactDateOfBillKnown ? 'exact' : 'rough',
    dateOfBill: item.dateOfBill,
    roughMonth: item.isExactDateOfBillKnown ? '' : String(Number(item.dateOfBill.slice(5, 7))),
    biMonthly1stDate: text(item.biMonthly1stDate ?? (item.billingFrequency === 10 ? item.dateOfBill : null)),
    biMonthly2ndDate: text(item.biMonthly2ndDate),
    overdueOption: text(item.overdueOption),
  };
}

/** A loaded biller as the form's values (the reference stays masked: sent back unchanged, it is kept). */
export function billerValuesOf(biller: WizardBillerFieldsFragment): BillerFormValues {
  return {
    ...billFieldsOf(biller),
    paymentType: String(biller.paymentType),
    bPayNumber: text(biller.bPayNumber),
    customerReferenceNumber: text(biller.customerReferenceNumber),
    bsbNumber: text(biller.bsbDisplay ?? biller.bsbNumber),
    eftAccountNumber: text(biller.eftAccountNumber),
    eftAccountName: text(biller.eftAccountName),
    eftReferenceNumber: text(biller.eftReferenceNumber),
    directDebitAccountNumber: text(biller.directDebitAccountNumber),
    amountVaries: biller.doesAmountVaryFromBillToBill ? 'yes' : 'no',
    isAutoPaymentBill: biller.isAutoPaymentBill,
    priorAutoPayment: null,
    isNotificationEnabled: biller.isNotificationEnabled,
    isFinalBillExpected: biller.isFinalBillExpected,
    expectedFinalBillDate: text(biller.expectedFinalBillDate),
    isSeasonBill: biller.isSeasonBill,
    peakValueOfBill: text(biller.peakValueOfBill),
    offPeakValueOfBill: text(biller.offPeakValueOfBill),
    peakMonths: [...parsePeakMonths(biller.peakMonths)].sort((a, b) => a - b),
    newNoteText: '',
  };
}

export function subCategoryValuesOf(sub: WizardSubCategoryFieldsFragment): SubCategoryFormValues {
  return billFieldsOf(sub);
}

/** An amount box's text as the Money scalar ("12.30"), or null when it holds no amount. */
export function moneyOf(value: string): string | null {
  const amount = amountOf(value.trim());
  return amount === undefined ? null : formatAmountInput(amount);
}

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());
const intOrNull = (value: string) => (value.trim() === '' ? null : Number(value));

function billFieldsInput(values: BillFieldValues) {
  const frequency = intOrNull(values.billingFrequency);
  const biMonthly = frequency === BillingFrequency.BiMonthly;
  const exact = biMonthly || values.dateKind === 'exact';
  return {
    nickname: values.nickname,
    expectedBillValue: moneyOf(values.expectedBillValue),
    billingFrequency: frequency,
    isExactDateOfBillKnown: exact,
    dateOfBill: biMonthly ? blankToNull(values.biMonthly1stDate) : exact ? blankToNull(values.dateOfBill) : null,
    roughMonth: exact ? null : intOrNull(values.roughMonth),
    biMonthly1stDate: biMonthly ? blankToNull(values.biMonthly1stDate) : null,
    biMonthly2ndDate: biMonthly ? blankToNull(values.biMonthly2ndDate) : null,
    overdueOption: intOrNull(values.overdueOption),
  };
}

/** The biller form as `saveBiller`'s input: only the chosen payment type's details are sent. */
export function billerInputOf(values: BillerFormValues, place: ItemPlace): BillerInput {
  const paymentType = intOrNull(values.paymentType);
  const isDirectDebit = paymentType === PaymentMethod.DirectDebit;
  const season = values.isSeasonBill;
  return {
    billerId: place.itemId,
    contractId: place.contractId,
    billingCategoryId: place.billingCategoryId,
    companyId: place.companyId,
    ...billFieldsInput(values),
    isExactDateOfBillKnown: isDirectDebit ? true : billFieldsInput(values).isExactDateOfBillKnown,
    paymentType,
    bPayNumber: paymentType === PaymentMethod.Bpay ? blankToNull(values.bPayNumber) : null,
    customerReferenceNumber: paymentType === PaymentMethod.Bpay ? blankToNull(values.customerReferenceNumber) : null,
    bsbNumber: paymentType === PaymentMethod.Eft ? blankToNull(values.bsbNumber) : null,
    eftAccountNumber: paymentType === PaymentMethod.Eft ? blankToNull(values.eftAccountNumber) : null,
    eftAccountName: paymentType === PaymentMethod.Eft ? blankToNull(values.eftAccountName) : null,
    eftReferenceNumber: paymentType === PaymentMethod.Eft ? blankToNull(values.eftReferenceNumber) : null,
    directDebitAccountNumber: isDirectDebit ? blankToNull(values.directDebitAccountNumber) : null,
    doesAmountVaryFromBillToBill: isDirectDebit
      ? true
      : values.amountVaries === ''
        ? null
        : values.amountVaries === 'yes',
    isAutoPaymentBill: values.isAutoPaymentBill,
    isNotificationEnabled: values.isNotificationEnabled,
    isFinalBillExpected: values.isFinalBillExpected,
    expectedFinalBillDate: values.isFinalBillExpected ? blankToNull(values.expectedFinalBillDate) : null,
    isSeasonBill: season,
    peakValueOfBill: season ? moneyOf(values.peakValueOfBill) : null,
    offPeakValueOfBill: season ? moneyOf(values.offPeakValueOfBill) : null,
    peakMonths: season ? values.peakMonths : null,
    newNoteText: blankToNull(values.newNoteText),
  };
}

export function subCategoryInputOf(values: SubCategoryFormValues, place: ItemPlace): SubCategoryInput {
  return {
    billingSubCategoryId: place.itemId,
    contractId: place.contractId,
    billingCategoryId: place.billingCategoryId,
    ...billFieldsInput(values),
  };
}

/**
 * The form's state after choosing a payment type (spec 2 §4, the server's `changePaymentType`): direct debit
 * forces amount-varies, exact date and auto-payment on and remembers auto-payment; leaving it restores it; the
 * BPAY number and reference are cleared when they were invalid.
 */
export function withPaymentType(
  values: BillerFormValues,
  next: number,
  bpayValid: { number: boolean; reference: boolean },
): BillerFormValues {
  const state = changePaymentType(
    {
      paymentType: intOrNull(values.paymentType) as PaymentMethod | null,
      doesAmountVaryFromBillToBill: values.amountVaries === 'yes',
      isExactDateOfBillKnown: values.dateKind === 'exact',
      isAutoPaymentBill: values.isAutoPaymentBill,
      priorAutoPayment: values.priorAutoPayment,
      bPayNumber: values.bPayNumber,
      customerReferenceNumber: values.customerReferenceNumber,
      bPayNumberValid: bpayValid.number,
      customerReferenceValid: bpayValid.reference,
    },
    next as PaymentMethod,
  );
  return {
    ...values,
    paymentType: String(next),
    amountVaries: state.doesAmountVaryFromBillToBill ? 'yes' : values.amountVaries,
    dateKind: state.isExactDateOfBillKnown ? 'exact' : 'rough',
    isAutoPaymentBill: state.isAutoPaymentBill,
    priorAutoPayment: state.priorAutoPayment,
    bPayNumber: state.bPayNumber ?? '',
    customerReferenceNumber: state.customerReferenceNumber ?? '',
  };
}

/**
 * The 10% contingency a bill carries (the server's rule, `contingencyFor`) as a Money string ("12.30"): shown on
 * variable and direct-debit bills only (null otherwise, or without an amount).
 */
export function contingencyShown(
  values: Pick<BillerFormValues, 'expectedBillValue' | 'amountVaries' | 'paymentType'>,
): string | null {
  const amount = amountOf(values.expectedBillValue.trim());
  const paymentMethod = intOrNull(values.paymentType) as PaymentMethod | null;
  const amountVaries = values.amountVaries === 'yes' || paymentMethod === PaymentMethod.DirectDebit;
  if (amount === undefined || !amountVaries) return null;
  const contingency: Cents = contingencyFor(amount, {
    amountVaries,
    paymentMethod: paymentMethod ?? PaymentMethod.Unknown,
  });
  return formatAmountInput(contingency);
}

/** A BSB as shown (spec 2 §5: padded to 6 digits, 3-3), or null when it is not one. */
export function bsbShown(value: string): string | null {
  return parseBsb(value).status === 'valid' ? formatBsb(value) : null;
}

/** The EFT reference the server fills in when it is left blank: the nickname cut to 18 characters. */
export function eftReferencePlaceholder(nickname: string): string {
  return defaultEftReference(nickname);
}

/** The wizard's date display (spec 2 §9): 'd MMMM, y', e.g. 5 March, 2027; '' for no date. */
export function formatWizardDate(value: string | null | undefined): string {
  if (!value || !/^\d{4}-\d{2}-\d{2}/.test(value)) return '';
  const date = dayjs(value.slice(0, 10));
  return date.isValid() ? date.format('D MMMM, YYYY') : '';
}

/** Server fields that are shown at another field of the form. */
const FIELD_ALIASES: Readonly<Record<string, string>> = {
  amount: 'expectedBillValue',
  billAmount: 'expectedBillValue',
  doesAmountVaryFromBillToBill: 'amountVaries',
  isExactDateOfBillKnown: 'dateOfBill',
};

export interface FieldRefusal {
  field: string | null;
  message: string;
}

/**
 * The save's refusals as final-form submission errors: each message at its field (the first per field), those
 * naming no field of the form at the form's top.
 */
export function submissionErrors(errors: readonly FieldRefusal[], fields: readonly string[]): Record<string, string> {
  const known = new Set(fields);
  const result: Record<string, string> = {};
  const general: string[] = [];
  for (const error of errors) {
    const field = error.field ? (FIELD_ALIASES[error.field] ?? error.field) : null;
    if (field && known.has(field)) {
      result[field] ??= error.message;
    } else if (!general.includes(error.message)) {
      general.push(error.message);
    }
  }
  if (general.length > 0) result[FORM_ERROR] = general.join(' ');
  return result;
}

export const BILLER_FIELDS = Object.keys(EMPTY_BILLER);
export const SUB_CATEGORY_FIELDS = Object.keys(EMPTY_SUB_CATEGORY);

/** Month names for the rough date and the peak months (1-12). */
export const MONTHS = Array.from({ length: 12 }, (_, i) => ({
  number: i + 1,
  name: dayjs(new Date(2000, i, 1)).format('MMMM'),
}));
