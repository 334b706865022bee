import type { Cents } from '../../shared/money.js';
import type { LocalDate } from '../../shared/local-date.js';

/**
 * Change detection of the modify wizard (spec 2 §4): whether a saved edit changes the contract (the deposits must
 * be re-calculated: the wizard goes on to the deposits step) or only how a bill is paid (saved, back to the list
 * with a success message).
 */

/** The bill fields of a biller that the contract-changer rule compares. */
export interface BillerContractFields {
  expectedBillValue: Cents;
  billingFrequency: number;
  isSeasonBill: boolean;
  peakValueOfBill: Cents | null;
  offPeakValueOfBill: Cents | null;
  dateOfBill: LocalDate;
  secondDateOfBill: LocalDate | null;
  doesAmountVary: boolean;
  overdueOption: number | null;
}

/** The payment fields of a biller that the payment-change rule compares. */
export interface BillerPaymentFields {
  nickname: string;
  paymentMethod: number;
  bpayBillerCode: string | null;
  customerReferenceNumber: string | null;
  bsbNumber: string | null;
  eftAccountNumber: string | null;
  eftAccountName: string | null;
  eftReferenceNumber: string | null;
  directDebitAccountNumber: string | null;
}

export interface SubCategoryContractFields {
  expectedBillValue: Cents;
  billingFrequency: number;
  dateOfBill: LocalDate;
  secondDateOfBill: LocalDate | null;
}

export type ChangeKind = 'new' | 'reinstate' | 'edit';

const CONTRACT_FIELDS = [
  'expectedBillValue',
  'billingFrequency',
  'isSeasonBill',
  'peakValueOfBill',
  'offPeakValueOfBill',
  'dateOfBill',
  'secondDateOfBill',
  'doesAmountVary',
] as const satisfies readonly (keyof BillerContractFields)[];

const PAYMENT_FIELDS = [
  'nickname',
  'paymentMethod',
  'bpayBillerCode',
  'customerReferenceNumber',
  'bsbNumber',
  'eftAccountNumber',
  'eftAccountName',
  'eftReferenceNumber',
  'directDebitAccountNumber',
] as const satisfies readonly (keyof BillerPaymentFields)[];

const SUB_CATEGORY_FIELDS = [
  'expectedBillValue',
  'billingFrequency',
  'dateOfBill',
  'secondDateOfBill',
] as const satisfies readonly (keyof SubCategoryContractFields)[];

function changedFields<T extends object>(before: T, after: T, fields: readonly (keyof T)[]): (keyof T)[] {
  return fields.filter((field) => (before[field] ?? null) !== (after[field] ?? null));
}

/**
 * Rule "contract changer" for billers (spec 2 §4): reinstating and adding always change the contract; an edit does
 * when the expected value, frequency, season flag, peak or off-peak value, date of bill (or bi-monthly dates) or
 * amount-varies flag changed, or an overdue option was chosen.
 */
export function billerChangesContract(
  kind: ChangeKind,
  before: BillerContractFields | null,
  after: BillerContractFields,
): boolean {
  if (kind !== 'edit' || before === null) return true;
  if (after.overdueOption !== null) return true;
  return changedFields(before, after, CONTRACT_FIELDS).length > 0;
}

/** Rule "payment change" (spec 2 §4): nickname, payment type, BPAY number, reference, BSB, EFT or DD account. */
export function billerPaymentChanges(before: BillerPaymentFields | null, after: BillerPaymentFields): string[] {
  if (before === null) return [...PAYMENT_FIELDS];
  return changedFields(before, after, PAYMENT_FIELDS).map(String);
}

/** Rule "contract changer" for sub-categories (spec 2 §4): expected value, frequency or date. */
export function subCategoryChangesContract(
  kind: ChangeKind,
  before: SubCategoryContractFields | null,
  after: SubCategoryContractFields,
): boolean {
  if (kind !== 'edit' || before === null) return true;
  return changedFields(before, after, SUB_CATEGORY_FIELDS).length > 0;
}
