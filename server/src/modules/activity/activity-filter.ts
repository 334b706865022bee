import { registerEnumType } from 'type-graphql';
import { ActivityFilterGroup, ActivityType } from './activity-type.js';

registerEnumType(ActivityFilterGroup, {
  name: 'ActivityFilter',
  description: 'The four activity filters (spec 1 §4); members get Payment, AgreementChange and Notification.',
});

/**
 * Which filter each activity type belongs to: the one table (the spec names the groups, not their members).
 * Payments are movements of money and their failures, notes are notes, notifications are messages sent,
 * everything else changes the agreement. A type missing here fails to compile.
 */
export const ACTIVITY_FILTER_OF_TYPE: Readonly<Record<ActivityType, ActivityFilterGroup>> = {
  [ActivityType.PaidBill]: ActivityFilterGroup.Payment,
  [ActivityType.ReimbursedBill]: ActivityFilterGroup.Payment,
  [ActivityType.MemberDeposit]: ActivityFilterGroup.Payment,
  [ActivityType.AddedBiller]: ActivityFilterGroup.AgreementChange,
  [ActivityType.EditedBiller]: ActivityFilterGroup.AgreementChange,
  [ActivityType.RemovedBiller]: ActivityFilterGroup.AgreementChange,
  [ActivityType.AgreementCreation]: ActivityFilterGroup.AgreementChange,
  [ActivityType.AgreementRenewal]: ActivityFilterGroup.AgreementChange,
  [ActivityType.AgreementModification]: ActivityFilterGroup.AgreementChange,
  [ActivityType.AgreementCancelled]: ActivityFilterGroup.AgreementChange,
  [ActivityType.MemberPreferencesAltered]: ActivityFilterGroup.AgreementChange,
  [ActivityType.NoteAdded]: ActivityFilterGroup.Note,
  [ActivityType.NotificationSent]: ActivityFilterGroup.Notification,
  [ActivityType.DepositReversal]: ActivityFilterGroup.Payment,
  [ActivityType.MemberMissedDeposit]: ActivityFilterGroup.Payment,
  [ActivityType.AgreementActivated]: ActivityFilterGroup.AgreementChange,
  [ActivityType.MissedBill]: ActivityFilterGroup.Payment,
  [ActivityType.BillReminder]: ActivityFilterGroup.Notification,
  [ActivityType.Reconciliation]: ActivityFilterGroup.Payment,
  [ActivityType.PaymentFailure]: ActivityFilterGroup.Payment,
  [ActivityType.ExtraMemberDeposit]: ActivityFilterGroup.Payment,
  [ActivityType.AgreementModificationApplied]: ActivityFilterGroup.AgreementChange,
  [ActivityType.Unlabelled23]: ActivityFilterGroup.AgreementChange,
  [ActivityType.ReverseBill]: ActivityFilterGroup.Payment,
  [ActivityType.LockedAgreement]: ActivityFilterGroup.AgreementChange,
  [ActivityType.OverrideUpperLimit]: ActivityFilterGroup.AgreementChange,
  [ActivityType.Unlabelled28]: ActivityFilterGroup.AgreementChange,
  [ActivityType.Transaction]: ActivityFilterGroup.Payment,
  [ActivityType.FailedBill]: ActivityFilterGroup.Payment,
  [ActivityType.AgreementUnlocked]: ActivityFilterGroup.AgreementChange,
  [ActivityType.Unlabelled34]: ActivityFilterGroup.AgreementChange,
  // Staff records (a manager's decision and its note, like a note) are in the Note filter, which members do not get.
  [ActivityType.ApprovalDecision]: ActivityFilterGroup.Note,
  [ActivityType.AgreementStatusChange]: ActivityFilterGroup.AgreementChange,
  [ActivityType.NoteEdited]: ActivityFilterGroup.Note,
  [ActivityType.NoteDeleted]: ActivityFilterGroup.Note,
  // The member sees their request for help and what became of it; staff's words stay in the staff-only notes.
  [ActivityType.HardshipCaseOpened]: ActivityFilterGroup.AgreementChange,
  [ActivityType.HardshipArrangement]: ActivityFilterGroup.AgreementChange,
  [ActivityType.HardshipCaseClosed]: ActivityFilterGroup.AgreementChange,
  [ActivityType.DepositsSpread]: ActivityFilterGroup.AgreementChange,
  [ActivityType.DepositReviewDismissed]: ActivityFilterGroup.AgreementChange,
};

/** The filter of a type code; an unknown code ('Other') changes the agreement as far as the filters go. */
export function activityFilterGroup(type: number): ActivityFilterGroup {
  return (
    (ACTIVITY_FILTER_OF_TYPE as Readonly<Record<number, ActivityFilterGroup>>)[type] ??
    ActivityFilterGroup.AgreementChange
  );
}

/** The type codes of a filter (for `type in (...)` queries). */
export function activityTypesOf(group: ActivityFilterGroup): ActivityType[] {
  return (Object.entries(ACTIVITY_FILTER_OF_TYPE) as [string, ActivityFilterGroup][])
    .filter(([, g]) => g === group)
    .map(([type]) => Number(type) as ActivityType);
}

/** Every filter, in the order the screens show them; members have all but Note. */
export const ALL_ACTIVITY_FILTERS: readonly ActivityFilterGroup[] = [
  ActivityFilterGroup.Payment,
  ActivityFilterGroup.AgreementChange,
  ActivityFilterGroup.Notification,
  ActivityFilterGroup.Note,
];
export const MEMBER_ACTIVITY_FILTERS: readonly ActivityFilterGroup[] = ALL_ACTIVITY_FILTERS.filter(
  (group) => group !== ActivityFilterGroup.Note,
);
