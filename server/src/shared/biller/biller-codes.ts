/**
 * Biller and sub-category status (spec 2 §3, 1 §4). 1 is the status a loaded item is set to; 3 is removed
 * (reinstate sets it back to 1); 5 is on hold after a failed payment and blocks paying that biller.
 */
export enum BillerStatus {
  Active = 1,
  Removed = 3,
  OnHold = 5,
}

export const BILLER_STATUS_LABELS: Readonly<Record<BillerStatus, string>> = {
  [BillerStatus.Active]: 'Active',
  [BillerStatus.Removed]: 'Removed',
  [BillerStatus.OnHold]: 'On hold',
};

/** How a modification wizard treats an item (spec 2 §3, 3 §4): kept per agreement version. */
export enum ModificationState {
  None = 0,
  New = 1,
  Edit = 2,
  Removed = 3,
  Enable = 4,
}

export const MODIFICATION_STATE_LABELS: Readonly<Record<ModificationState, string>> = {
  [ModificationState.None]: 'none',
  [ModificationState.New]: 'added',
  [ModificationState.Edit]: 'edited',
  [ModificationState.Removed]: 'deleted',
  [ModificationState.Enable]: 'enabled',
};

/**
 * What an amount change does to a biller's or sub-category's unpaid overdue bills (spec 2 §8: "applied to all
 * unpaid overdue, current and future bills, or just to current and future bills"). Required when overdue bills
 * exist.
 */
export enum BillerOverdueOption {
  AllUnpaidBills = 1,
  CurrentAndFutureBills = 2,
}

/** The wizard's list item type (spec 2 §3, 3 §3). */
export enum BillingSourceItemType {
  Biller = 0,
  SubCategory = 1,
}

/** Billing source codes (spec 1 §9, 2 §3). */
export enum BillingSource {
  Contribution = 0,
  PaidContribution = 1,
  Fee = 2,
  BillingCategory = 3,
  BillingSubCategory = 4,
  Biller = 5,
  None = 6,
}
