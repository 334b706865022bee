import type { LocalDate } from '../../common/local-date.js';
import { ContributionFrequency, depositDates } from '../deposit/deposit-schedule.rules.js';
import { ActivityType } from '../activity/activity-type.js';
import type { AgreementFacts } from './agreement-facts.js';
import { AgreementStatus } from './agreement-status.js';

/** The view-agreement page lists the next 12 deposits. */
export const DEPOSIT_DATES_SHOWN = 12;

/** Statuses a member approves from (spec 1 §4: 0 and 9 need member approval). */
export const AWAITING_MEMBER_APPROVAL: readonly AgreementStatus[] = [
  AgreementStatus.PendingApproval,
  AgreementStatus.ModificationPendingApproval,
];

export function awaitsMemberApproval(status: AgreementStatus): boolean {
  return AWAITING_MEMBER_APPROVAL.includes(status);
}

/**
 * The activity an approval writes: the spec has no "approved" type, so a new agreement's approval is logged as
 * an agreement creation (6) and a modification's or renewal's as an agreement modification (8).
 */
export function approvalActivityType(status: AgreementStatus): ActivityType {
  return status === AgreementStatus.PendingApproval
    ? ActivityType.AgreementCreation
    : ActivityType.AgreementModification;
}

/** The deposit dates the agreement's stored schedule gives over its whole period (none when it cannot be read). */
export function scheduledDepositDates(agreement: AgreementFacts): LocalDate[] {
  const frequency = agreement.contributionFrequency as ContributionFrequency;
  const first = agreement.contributionDate ?? agreement.startDate;
  const biMonthly =
    frequency === ContributionFrequency.BiMonthly && agreement.biMonthlyFirstDate && agreement.biMonthlySecondDate
      ? { first: agreement.biMonthlyFirstDate, second: agreement.biMonthlySecondDate }
      : undefined;
  try {
    return depositDates({ frequency, firstDepositDate: first, endDate: agreement.endDate, biMonthlyDates: biMonthly });
  } catch {
    return [];
  }
}

/** The next deposit dates from today (or the start, when later), from the stored schedule; none if it is unusable. */
export function nextDepositDates(
  agreement: AgreementFacts,
  today: LocalDate,
  count = DEPOSIT_DATES_SHOWN,
): LocalDate[] {
  return scheduledDepositDates(agreement)
    .filter((date) => date >= today)
    .slice(0, count);
}

/** The refusals of an approval (returned as data: nothing changes). */
export const APPROVAL_ERRORS = {
  staff: {
    code: 'STAFF_CANNOT_APPROVE',
    message: 'Only a member of the account can approve the agreement; staff cannot approve for the member.',
  },
  notAwaiting: { code: 'NOT_AWAITING_APPROVAL', message: 'This agreement is not waiting for the member’s approval.' },
  notLinked: { code: 'MEMBER_NOT_LINKED', message: 'Member is not active or not linked to this account anymore.' },
  resigned: {
    code: 'MEMBERSHIP_RESIGNED',
    message: 'This membership has been resigned. Activity is therefore suspended on this agreement.',
  },
} as const;
