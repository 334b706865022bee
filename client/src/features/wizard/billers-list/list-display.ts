import { ModificationState } from '@shared/biller/biller-codes';
import { BILLING_FREQUENCY_LABELS, BillingFrequency } from '@shared/bill/billing-frequency';
import { PAYMENT_METHOD_LABELS, PaymentMethod } from '@shared/bill/payment-method';

/**
 * How the billers list shows its rows (spec 2 §2-§3): the modification state as a highlight *and* a word (never
 * colour alone), the sort toggles of the column headers. The order itself is the server's (`sortListItems` in
 * biller-list.rules.ts, asked through `wizardBillingItems(sortBy, direction)`): nothing is sorted here.
 */

export type ListSortField = 'category' | 'nickname' | 'type' | 'status';
export type SortDirection = 'asc' | 'desc';
export interface ListSort {
  field: ListSortField;
  direction: SortDirection;
}

/** Spec 2 §2: by category ascending by default. */
export const DEFAULT_SORT: ListSort = { field: 'category', direction: 'asc' };

/** A column header clicked: the same column turns around, another one starts ascending. */
export function nextSort(current: ListSort, field: ListSortField): ListSort {
  if (current.field !== field) return { field, direction: 'asc' };
  return { field, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

export interface ModificationDisplay {
  /** The word shown in the row (the highlight is never the only sign). */
  label: string;
  /** The row's highlight (a Chakra colour palette). */
  palette: 'green' | 'blue' | 'red' | 'purple';
}

/** Modification states 1-4 (spec 2 §3); 0 'none' is not highlighted. */
const MODIFICATION_DISPLAY: Readonly<Record<Exclude<ModificationState, ModificationState.None>, ModificationDisplay>> =
  {
    [ModificationState.New]: { label: 'New', palette: 'green' },
    [ModificationState.Edit]: { label: 'Edited', palette: 'blue' },
    [ModificationState.Removed]: { label: 'Removed', palette: 'red' },
    [ModificationState.Enable]: { label: 'Reinstated', palette: 'purple' },
  };

export function modificationDisplay(state: number): ModificationDisplay | null {
  return MODIFICATION_DISPLAY[state as Exclude<ModificationState, ModificationState.None>] ?? null;
}

/** What the list's rows are changed by, in its caption: a renewal is a Modify session but says renewal. */
export function listChangedBy(kind: 'Create' | 'Modify', isRenewal: boolean): 'agreement' | 'modification' | 'renewal' {
  if (kind === 'Create') return 'agreement';
  return isRenewal ? 'renewal' : 'modification';
}

/** Item types of the list (spec 2 §3): 0 biller, 1 sub-category. */
export function itemTypeLabel(type: number): string {
  return type === 1 ? 'Sub-category' : 'Biller';
}

/** "BPAY", "EFT"…; a sub-category has no payment type. */
export function paymentTypeLabel(paymentType: number | null): string | null {
  if (paymentType === null) return null;
  return PAYMENT_METHOD_LABELS[paymentType as PaymentMethod] ?? null;
}

export function frequencyLabel(frequency: number): string {
  return BILLING_FREQUENCY_LABELS[frequency as BillingFrequency] ?? '';
}
