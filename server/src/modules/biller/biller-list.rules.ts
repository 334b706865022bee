import { nextOccurrence, type AgreementPeriod } from '../../shared/bill/bill-schedule.rules.js';
import type { BillingFrequency } from '../../shared/bill/billing-frequency.js';
import { BillerStatus, BillingSourceItemType, ModificationState } from '../../shared/biller/biller-codes.js';
import { addDays, type LocalDate } from '../../shared/local-date.js';

/**
 * The wizard's billers list (spec 2 §2-§4): billers and sub-categories together, sorted, each with whether it may
 * be edited, removed or reinstated, and the states a save, a removal or a reinstatement leave it in.
 */

/** Spec 2 §8, word for word. */
export const PENDING_TRANSACTION_MESSAGE = 'This bill currently has a pending transaction and cannot be edited.';
export const BILLER_REMOVED_MESSAGE =
  'The biller has been successfully removed from this agreement. You may reinstate it by clicking the reinstate button on the biller.';
export const BILLER_REINSTATED_MESSAGE = 'The biller has been successfully reinstated in this agreement.';
/** Ours: in setup a removal deletes the biller, so the spec's removal message would offer a reinstate there is not. */
export const BILLER_DELETED_MESSAGE = 'The biller has been successfully removed from this agreement.';
/** Ours: the spec says a removed item is not editable until reinstated, not in which words. */
export const REMOVED_ITEM_MESSAGE = 'This item has been removed. Reinstate it before editing it.';
export const NOT_REMOVED_MESSAGE = 'Only a removed item can be reinstated.';

export interface ListItem {
  id: number;
  type: BillingSourceItemType;
  nickname: string;
  category: string;
  status: BillerStatus;
  modificationState: ModificationState;
  isLocked: boolean;
}

export type ListSortField = 'category' | 'nickname' | 'type' | 'status';
export type SortDirection = 'asc' | 'desc';

/** Spec 2 §2: sortable, by category ascending by default; ties by nickname, billers first, then id (stable). */
export function sortListItems<T extends ListItem>(
  items: readonly T[],
  field: ListSortField = 'category',
  direction: SortDirection = 'asc',
): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  const text = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });
  const primary = (a: T, b: T): number => {
    switch (field) {
      case 'category':
        return text(a.category, b.category);
      case 'nickname':
        return text(a.nickname, b.nickname);
      case 'type':
        return a.type - b.type;
      case 'status':
        return a.status - b.status;
    }
  };
  return [...items].sort(
    (a, b) => sign * primary(a, b) || text(a.nickname, b.nickname) || a.type - b.type || a.id - b.id,
  );
}

export type EditRefusal = { code: 'BILL_LOCKED' | 'ITEM_REMOVED'; message: string };

/**
 * Rule "locked / removed" (spec 2 §4): an item with a pending transaction cannot be edited or removed, nor can a
 * removed one (status 3) until it is reinstated.
 */
export function editRefusal(item: Pick<ListItem, 'status' | 'isLocked'>): EditRefusal | null {
  if (item.isLocked) return { code: 'BILL_LOCKED', message: PENDING_TRANSACTION_MESSAGE };
  if (item.status === BillerStatus.Removed) return { code: 'ITEM_REMOVED', message: REMOVED_ITEM_MESSAGE };
  return null;
}

export interface ItemActions {
  canEdit: boolean;
  canRemove: boolean;
  canReinstate: boolean;
}

export function itemActions(item: Pick<ListItem, 'status' | 'isLocked'>): ItemActions {
  const refusal = editRefusal(item);
  return {
    canEdit: refusal === null,
    canRemove: refusal === null,
    canReinstate: item.status === BillerStatus.Removed && !item.isLocked,
  };
}

/** Spec 2 §4: a new item is state 1; an edited one 2, except that a new (1) or reinstated (4) one keeps its state. */
export function stateAfterSave(current: ModificationState | null): ModificationState {
  if (current === null) return ModificationState.New;
  if (current === ModificationState.New || current === ModificationState.Enable) return current;
  return ModificationState.Edit;
}

export interface RemovalEffect {
  /** Delete the row: setup force-removes, and an item added in this modification leaves nothing behind. */
  deleteRow: boolean;
  status: BillerStatus;
  isActive: boolean;
  isValid: boolean;
  modificationState: ModificationState;
}

/**
 * Spec 2 §4 remove: in modify mode the item is marked status 3, inactive and valid (the change applier leaves it
 * behind), unless it was added in this very modification; in setup it is removed at once (force-remove).
 */
export function removalEffect(mode: 'setup' | 'modify', state: ModificationState): RemovalEffect {
  const deleteRow = mode === 'setup' || state === ModificationState.New;
  return {
    deleteRow,
    status: BillerStatus.Removed,
    isActive: false,
    isValid: true,
    modificationState: ModificationState.Removed,
  };
}

/** Spec 2 §4 reinstate: active again (status 1), state 4 'enable'. */
export function reinstateEffect(): { status: BillerStatus; isActive: boolean; modificationState: ModificationState } {
  return { status: BillerStatus.Active, isActive: true, modificationState: ModificationState.Enable };
}

/** What a row's next bill is worked out from: its schedule, as stored (a sub-category has no final bill). */
export interface ListItemSchedule {
  billingFrequency: number;
  dateOfBill: LocalDate;
  biMonthly2ndDate: LocalDate | null;
  expectedFinalBillDate?: LocalDate | null;
}

/**
 * The list's "Next bill" (spec 2 §3, the next transaction occurrence): the item's first bill due today or later within
 * the agreement's period, by the bills' own schedule rule; null when none is left. In a new agreement that is its date
 * of bill; in a modification of a running agreement the stored date of bill is its first bill, months past.
 */
export function nextBillDate(item: ListItemSchedule, period: AgreementPeriod, today: LocalDate): LocalDate | null {
  const schedule = {
    frequency: item.billingFrequency as BillingFrequency,
    dateOfBill: item.dateOfBill,
    secondDateOfBill: item.biMonthly2ndDate,
    finalBillDate: item.expectedFinalBillDate ?? null,
  };
  return nextOccurrence(schedule, period, addDays(today, -1))?.date ?? null;
}
