/** Activity type codes (spec 1 §3): the number is stored and sent; the label is what the history shows. */
export enum ActivityType {
  PaidBill = 0,
  ReimbursedBill = 1,
  /** A scheduled deposit received. */
  MemberDeposit = 2,
  AddedBiller = 3,
  EditedBiller = 4,
  RemovedBiller = 5,
  AgreementCreation = 6,
  AgreementRenewal = 7,
  /** A modification requested (waiting for approval). */
  AgreementModification = 8,
  AgreementCancelled = 9,
  MemberPreferencesAltered = 10,
  NoteAdded = 11,
  NotificationSent = 12,
  DepositReversal = 13,
  MemberMissedDeposit = 14,
  AgreementActivated = 15,
  MissedBill = 16,
  BillReminder = 17,
  Reconciliation = 18,
  PaymentFailure = 19,
  /** An extra deposit outside the schedule (e.g. a rainy-day top-up from a linked account). */
  ExtraMemberDeposit = 20,
  /** A modification applied to the agreement. */
  AgreementModificationApplied = 21,
  /** Codes 23, 28 and 34 exist with an empty label (spec 1 §3); their meaning is not shown. */
  Unlabelled23 = 23,
  ReverseBill = 25,
  LockedAgreement = 26,
  OverrideUpperLimit = 27,
  Unlabelled28 = 28,
  Transaction = 29,
  FailedBill = 32,
  AgreementUnlocked = 33,
  Unlabelled34 = 34,
  /**
   * Codes the spec does not list (it labels any other code 'Other'): the project's own, so that the history keeps
   * everything (issue 26 item 6). A manager's decision on an approval (types 1, 2, arrears): who, note, amount.
   */
  ApprovalDecision = 35,
  /** A status change no spec code names (a draft discarded, a change declined, withdrawn, failed, expired, replaced). */
  AgreementStatusChange = 36,
  /** A note's text changed: the activity keeps the text before and after (the note's "Note added" stays as it was). */
  NoteEdited = 37,
  /** A note deleted: the activity keeps its text. */
  NoteDeleted = 38,
  /** A way through hardship (issue 24 item 4): a member asked for help; staff recorded an arrangement; closed. */
  HardshipCaseOpened = 40,
  HardshipArrangement = 41,
  HardshipCaseClosed = 42,
  /** The shortfall's spread fix applied (issue 24 item 1): an amount spread over the next deposits. */
  DepositsSpread = 43,
  /** Staff dismissed a pending deposit review (issue 24 item 2): the deposit stays; why is in the notes. */
  DepositReviewDismissed = 44,
}

export const ACTIVITY_TYPE_LABELS: Readonly<Record<ActivityType, string>> = {
  [ActivityType.PaidBill]: 'Paid a bill',
  [ActivityType.ReimbursedBill]: 'Reimbursed a bill',
  [ActivityType.MemberDeposit]: 'Member deposit',
  [ActivityType.AddedBiller]: 'Added a biller',
  [ActivityType.EditedBiller]: 'Edited a biller',
  [ActivityType.RemovedBiller]: 'Removed a biller',
  [ActivityType.AgreementCreation]: 'Agreement creation',
  [ActivityType.AgreementRenewal]: 'Agreement renewal',
  [ActivityType.AgreementModification]: 'Agreement modification',
  [ActivityType.AgreementCancelled]: 'Agreement cancelled',
  [ActivityType.MemberPreferencesAltered]: 'Member preferences altered',
  [ActivityType.NoteAdded]: 'Note added',
  [ActivityType.NotificationSent]: 'Notification sent',
  [ActivityType.DepositReversal]: 'Deposit reversal',
  [ActivityType.MemberMissedDeposit]: 'Member missed deposit',
  [ActivityType.AgreementActivated]: 'Agreement activated',
  [ActivityType.MissedBill]: 'Missed Bill',
  [ActivityType.BillReminder]: 'Bill Reminder',
  [ActivityType.Reconciliation]: 'Reconciliation',
  [ActivityType.PaymentFailure]: 'Payment Failure',
  [ActivityType.ExtraMemberDeposit]: 'Member deposit',
  [ActivityType.AgreementModificationApplied]: 'Agreement modification',
  [ActivityType.Unlabelled23]: '',
  [ActivityType.ReverseBill]: 'Reverse bill',
  [ActivityType.LockedAgreement]: 'Locked Agreement',
  [ActivityType.OverrideUpperLimit]: 'Override agreement upper limit',
  [ActivityType.Unlabelled28]: '',
  [ActivityType.Transaction]: 'Transaction',
  [ActivityType.FailedBill]: 'Failed bill',
  [ActivityType.AgreementUnlocked]: 'Agreement unlocked',
  [ActivityType.Unlabelled34]: '',
  [ActivityType.ApprovalDecision]: 'Approval decision',
  [ActivityType.AgreementStatusChange]: 'Agreement status change',
  [ActivityType.NoteEdited]: 'Note edited',
  [ActivityType.NoteDeleted]: 'Note deleted',
  [ActivityType.HardshipCaseOpened]: 'Asked for help with payments',
  [ActivityType.HardshipArrangement]: 'Hardship arrangement',
  [ActivityType.HardshipCaseClosed]: 'Hardship case closed',
  [ActivityType.DepositsSpread]: 'Shortfall spread over deposits',
  [ActivityType.DepositReviewDismissed]: 'Deposit review dismissed',
};

/** Any code not in the list is shown as 'Other' (spec 1 §3). */
export function activityTypeLabel(code: number): string {
  return (ACTIVITY_TYPE_LABELS as Readonly<Record<number, string>>)[code] ?? 'Other';
}

/** The four activity filters (spec 1 §4); members get the first three. Which type is in which: `activity-filter.ts`. */
export enum ActivityFilterGroup {
  Payment = 'Payment',
  AgreementChange = 'AgreementChange',
  Notification = 'Notification',
  Note = 'Note',
}
