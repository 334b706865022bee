import { BUSINESS_BSB, formatBsb } from '../../shared/validation/index.js';
import { BILLER_OVERDUE_WARNING, SUB_CATEGORY_OVERDUE_WARNING } from '../../shared/bill/bill-details.rules.js';
import { SELECTABLE_BILLING_FREQUENCIES } from '../../shared/bill/billing-frequency.js';
import { PAYMENT_METHOD_LABELS } from '../../shared/bill/payment-method.js';
import { BillerOverdueOption } from '../../shared/biller/biller-codes.js';
import { BILLER_FORM_PAYMENT_TYPES, DIRECT_DEBIT_BSB_NOTICE } from '../../shared/biller/biller-form.rules.js';
import type { BillerFormOptionsView } from './biller.types.js';

/** The biller form's payment type labels (spec 2 §3): 'Pay by cheque' on the form. */
const FORM_LABELS: Readonly<Record<number, string>> = { 2: 'Pay by cheque' };

/** The forms' lists and texts (spec 2 §3, §8, §9): the same for every caller. */
export function billerFormOptions(): BillerFormOptionsView {
  return {
    frequencies: SELECTABLE_BILLING_FREQUENCIES.map((choice) => ({ code: choice.frequency, label: choice.label })),
    paymentTypes: BILLER_FORM_PAYMENT_TYPES.map((code) => ({
      code,
      label: FORM_LABELS[code] ?? PAYMENT_METHOD_LABELS[code],
    })),
    overdueOptions: [
      { code: BillerOverdueOption.AllUnpaidBills, label: 'All unpaid overdue, current and future bills' },
      { code: BillerOverdueOption.CurrentAndFutureBills, label: 'Current and future bills only' },
    ],
    billerOverdueWarning: BILLER_OVERDUE_WARNING,
    subCategoryOverdueWarning: SUB_CATEGORY_OVERDUE_WARNING,
    businessBsbNumber: formatBsb(BUSINESS_BSB),
    directDebitBsbNotice: DIRECT_DEBIT_BSB_NOTICE,
  };
}
