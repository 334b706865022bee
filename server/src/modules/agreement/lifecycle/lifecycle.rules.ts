import { formatDisplayDate, type LocalDate } from '../../../shared/local-date.js';
import { AgreementStatus, OPEN_CHANGE_STATUSES } from '../agreement-status.js';
import { AgreementEvent, decideTransition, NEW_VERSION, type Actor, type Refusal } from '../state/transitions.rules.js';

/**
 * The agreement's lifecycle after the wizard (spec 3 §4): which staff actions the agreement menu and the manage page
 * offer, and what activation, save all and an end-date move check. Where each action takes the status is the state
 * machine's (`../state/transitions.rules.ts`); the status writer (`../state/status-writer.ts`) enforces it.
 */

export type { Refusal };

/** The actions staff take on the agreement in force from the manage page and the agreement menu. */
export const STAFF_LIFECYCLE_ACTIONS = [
  AgreementEvent.Lock,
  AgreementEvent.Unlock,
  AgreementEvent.Renew,
  AgreementEvent.MoveEndDate,
  AgreementEvent.Cancel,
] as const;
export type StaffLifecycleAction = (typeof STAFF_LIFECYCLE_ACTIONS)[number];

/** What the account's other versions mean for a staff action on one of them. */
export interface AccountChangeFacts {
  /** Another version still on its way (a renewal or modification open, a change queued or applying, a new one). */
  otherChangeOnItsWay: boolean;
  /** A change of the account being applied (queued or in progress). */
  changeBeingApplied: boolean;
  /** A member holding the account has resigned (`../account-standing.sql.ts`): activity on it is suspended. */
  memberResigned: boolean;
}

/** The facts from the statuses of the account's other versions and its holders' standing. */
export function accountChangeFacts(
  otherStatuses: readonly AgreementStatus[],
  holders: { memberResigned: boolean },
): AccountChangeFacts {
  return {
    otherChangeOnItsWay: otherStatuses.some((status) => OPEN_CHANGE_STATUSES.includes(status)),
    changeBeingApplied: otherStatuses.some(
      (status) => status === AgreementStatus.Queued || status === AgreementStatus.InProgress,
    ),
    memberResigned: holders.memberResigned,
  };
}

/**
 * Rule "a resigned membership takes no change" (spec 1 §4, §8: a resigned membership suspends activity on the
 * agreement; issue 25): staff start no modification or renewal of an agreement a resigned member holds. Either would
 * wait for a member's approval the resigned member is refused (`APPROVAL_ERRORS.resigned`) and change an agreement
 * that moves no money; refused up front, before anything is copied, instead of step by step afterwards. The wizard's
 * Modify entry and the Renew action both ask this rule; lock, unlock, cancel and the end-date move stay with staff.
 */
export function resignedMembershipRefusal(account: Pick<AccountChangeFacts, 'memberResigned'>): Refusal | null {
  if (!account.memberResigned) return null;
  return { code: 'MEMBERSHIP_RESIGNED', field: 'accountId', message: LIFECYCLE_MESSAGES.membershipResigned };
}

/**
 * Whether staff may take `action` on a version in `status` (null) or why not: the transition table, then the rest of
 * the account. Renewing waits for a resigned membership (`resignedMembershipRefusal`); renewing or moving the end date
 * waits for any other change on its way (a second renewal is refused); cancelling waits for a change being applied. The service enforces it and the menus offer what it allows.
 */
export function staffActionRefusal(
  action: StaffLifecycleAction,
  status: AgreementStatus,
  account: AccountChangeFacts,
): Refusal | null {
  const staff: Actor[] = ['staff'];
  const decided =
    action === AgreementEvent.Renew
      ? decideTransition(action, NEW_VERSION, staff, { replacedStatus: status })
      : decideTransition(action, status, staff);
  if ('refusal' in decided) return decided.refusal;
  if (action === AgreementEvent.Renew) {
    const resigned = resignedMembershipRefusal(account);
    if (resigned) return resigned;
  }
  if ((action === AgreementEvent.Renew || action === AgreementEvent.MoveEndDate) && account.otherChangeOnItsWay) {
    return { code: 'CHANGE_ALREADY_WAITING', field: 'agreementId', message: LIFECYCLE_MESSAGES.changeWaiting };
  }
  if (action === AgreementEvent.Cancel && account.changeBeingApplied) {
    return { code: 'CHANGE_BEING_APPLIED', field: 'agreementId', message: LIFECYCLE_MESSAGES.changeBeingApplied };
  }
  return null;
}

/** The staff actions available on a version in `status`: the agreement menu and the manage page offer these. */
export function availableStaffActions(status: AgreementStatus, account: AccountChangeFacts): StaffLifecycleAction[] {
  return STAFF_LIFECYCLE_ACTIONS.filter((action) => staffActionRefusal(action, status, account) === null);
}

export const LIFECYCLE_MESSAGES = {
  activationReceived: 'Activation received. The changes for the agreement will be applied shortly.',
  activationFailed: 'Could not activate the contract. Please try again later.',
  sentForApproval: 'The agreement has been activated and is waiting for the member’s approval.',
  sentToMember:
    'The changes have been sent to the member for approval. They will be applied once the member approves them.',
  noBillers: 'Add at least one biller or billing sub-category before activating the agreement.',
  depositsNotSaved: 'Save the deposits before activating the agreement.',
  depositNeeded:
    'The agreement no longer holds enough for its bills to the end date: save the deposits again to work out the deposit.',
  capacityNotConfirmed: 'Confirm the member’s capacity to pay before activating the agreement.',
  startInPast: 'Agreement start date cannot be in the past. Please review and modify.',
  alreadyActivated: 'This agreement has already been activated and is waiting for the member’s approval.',
  notActivatedYet: 'This agreement is still being set up by staff; it cannot be approved yet.',
  changeWaiting: 'A change to this agreement is already waiting to be approved or applied.',
  membershipResigned:
    'This membership has been resigned. Activity is therefore suspended on this agreement: it cannot be modified or renewed.',
  changeBeingApplied: 'A change to this agreement is being applied. Please try again when it is done.',
  endDateInvalid: 'Please enter a valid new end date (YYYY-MM-DD).',
  endDateNotAfterToday: 'The new end date must be after today.',
  endDateNotAfterStart: 'The new end date must be after the agreement’s start date.',
  endDateSame: 'The new end date is the agreement’s end date already.',
  endDateTooFar: 'The new end date can be at most two years from today.',
  endDateBeforeBills: 'The new end date is before bills already scheduled in the agreement. Remove those bills first.',
  descriptionRequired: 'Please enter a description.',
  savedForLater: 'The agreement has been saved for later.',
  renewalSent:
    'The renewal has been sent to the member for approval. Once approved, it takes over when the current agreement ends.',
  approvalsMissing: 'The agreement needs a manager’s approval before it can be activated.',
  approvalsRefused: 'A manager refused an approval this agreement needs; it cannot be activated.',
  withdrawNotAChange: 'Only a change or renewal sent to the member can be withdrawn.',
  withdrawNotSent:
    'This change has not been sent to the member yet: open it in the agreement wizard and cancel it there instead.',
  withdrawNotWaiting: 'This change is no longer waiting for the member’s approval, so it cannot be withdrawn.',
  withdrawn: 'The change has been withdrawn. The agreement in force runs on as it was.',
  renewalWithdrawn: 'The renewal has been withdrawn. The agreement in force runs on to its end date.',
} as const;

/** What a staff activation (setup) or a save all (modify) checks of the version. */
export interface ActivationFacts {
  isNew: boolean;
  /** A renewal (it starts after the version it renews ends): sent to the member once, as a new agreement is. */
  isRenewal?: boolean;
  accountActive: boolean;
  /** In setup: the account's balance (every version's balances added), which must be zero. */
  accountBalanceCents: number;
  billerCount: number;
  depositAmountCents: number;
  contributionDate: string | null;
  /**
   * A modification saved at 0.00: what its plan still needs deposited to its end date over what it holds now (0: the
   * balance covers it) and the deposit dates left before the end; undefined when not asked.
   */
  depositNeed?: { stillToDepositCents: number; depositDatesLeft: number; endDate: LocalDate } | null;
  paymentCapacityConfirmed: boolean;
  startDate: string;
  today: string;
  /** Already activated by staff (a new agreement waiting for the member). */
  alreadyActivated: boolean;
  /** Approvals (types 1 and 2) needed and not granted; refused ones. */
  approvalsMissing: number;
  approvalsRefused: number;
}

export const BALANCE_NOT_ZERO =
  'The account has currently not a zero balance. It will need to be reset before a agreement can be printed, signed and confirmed.';
export const ACCOUNT_NOT_VALID =
  'The product account is not active. Review the account before proceeding to ensure the agreement can be activated and bills are paid.';

/**
 * Rule "a modification saved at 0.00" (in the term's last weeks, what it holds covering its bills to the end date): a
 * modification, neither a new agreement nor a renewal (those always need a deposit above zero), whose deposits step was
 * saved with a date and a deposit of 0.00. `depositsProblem` accepts it, and save all asks its plan again
 * (`depositNeed`) only for it.
 */
export function modificationSavedAtZero(
  facts: Pick<ActivationFacts, 'isNew' | 'isRenewal' | 'depositAmountCents' | 'contributionDate'>,
): boolean {
  return !facts.isNew && facts.isRenewal !== true && facts.contributionDate !== null && facts.depositAmountCents === 0;
}

/**
 * The deposits step saved: a date, and a deposit (null when saved, else the refusal). A new agreement or a renewal
 * needs a deposit above zero; a modification may save 0.00 when what it holds already covers the rest of its term (in
 * its last weeks), and then no further deposit is collected (modification-schedule.rules.ts). Save all asks the plan
 * again (`depositNeed`: the balance or the bills may have changed since the step was saved): needing more with a
 * deposit date left, the deposits must be saved again; with none left before the end, it is refused with that reason.
 */
export function depositsProblem(facts: ActivationFacts): Refusal | null {
  const notSaved: Refusal = {
    code: 'DEPOSITS_NOT_SAVED',
    field: 'deposits',
    message: LIFECYCLE_MESSAGES.depositsNotSaved,
  };
  if (facts.contributionDate === null || facts.depositAmountCents < 0) return notSaved;
  if (facts.depositAmountCents > 0) return null;
  if (!modificationSavedAtZero(facts)) return notSaved;
  const need = facts.depositNeed;
  if (!need || need.stillToDepositCents <= 0) return null;
  if (need.depositDatesLeft === 0) {
    return { code: 'NO_DEPOSIT_DATE_LEFT', field: 'deposits', message: noDepositDateLeftMessage(need.endDate) };
  }
  return { code: 'DEPOSIT_NEEDED', field: 'deposits', message: LIFECYCLE_MESSAGES.depositNeeded };
}

/** The refusal of a modification whose bills still need money when no deposit date is left before its end. */
export function noDepositDateLeftMessage(endDate: LocalDate): string {
  return (
    `The bills still due need more than the agreement holds, and no deposit date is left before it ends on ` +
    `${formatDisplayDate(endDate)}. Top up the agreement's rainy day or remove a bill, then save the deposits again.`
  );
}

/** The first reason the version cannot be activated (setup) or saved (modify); null when it can. */
export function activationProblem(facts: ActivationFacts): Refusal | null {
  const refuse = (code: string, message: string, field: string | null = 'agreementId'): Refusal => ({
    code,
    field,
    message,
  });
  // Activated by staff (a new agreement) or sent to the member (a renewal, a modification): done already.
  if (facts.alreadyActivated) {
    return refuse('ALREADY_ACTIVATED', LIFECYCLE_MESSAGES.alreadyActivated);
  }
  if (!facts.accountActive) return refuse('ACCOUNT_NOT_VALID', ACCOUNT_NOT_VALID);
  if (facts.isNew && facts.accountBalanceCents !== 0) return refuse('BALANCE_NOT_ZERO', BALANCE_NOT_ZERO);
  if (facts.billerCount === 0) return refuse('NO_BILLERS', LIFECYCLE_MESSAGES.noBillers);
  const deposits = depositsProblem(facts);
  if (deposits) return deposits;
  if (facts.isNew && !facts.paymentCapacityConfirmed) {
    return refuse('CAPACITY_NOT_CONFIRMED', LIFECYCLE_MESSAGES.capacityNotConfirmed, 'paymentCapacityConfirmed');
  }
  if (facts.isNew && facts.startDate < facts.today) return refuse('START_IN_PAST', LIFECYCLE_MESSAGES.startInPast);
  if (facts.approvalsRefused > 0) return refuse('APPROVAL_REFUSED', LIFECYCLE_MESSAGES.approvalsRefused);
  if (facts.approvalsMissing > 0) return refuse('APPROVAL_NEEDED', LIFECYCLE_MESSAGES.approvalsMissing);
  return null;
}

/**
 * Whether a version that changes another is a renewal (issue 26 item 1): it starts after the version it changes ends
 * (a modification keeps that version's period). A renewal is approved by the member as a new agreement is, waits
 * while the version in force runs, and takes over on its own first day.
 */
export function isRenewalOf(version: { startDate: string }, previous: { endDate: string } | null): boolean {
  return previous !== null && version.startDate > previous.endDate;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** Two years after a date (YYYY-MM-DD): the end-date move's upper bound from today. */
function twoYearsAfter(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const target = new Date(Date.UTC(y + 2, m - 1, d));
  return target.toISOString().slice(0, 10);
}

export interface EndDateFacts {
  newEndDate: string;
  startDate: string;
  endDate: string;
  today: string;
  /** The latest due date of a bill of the agreement (paid or not); null when it has none. */
  lastBillDate: string | null;
}

/** The end-date move's checks (MoveAgreementEndDate); null when the date may be used. */
export function endDateProblem(facts: EndDateFacts): Refusal | null {
  const refuse = (code: string, message: string): Refusal => ({ code, field: 'newEndDate', message });
  if (!isRealDate(facts.newEndDate)) return refuse('INVALID_DATE', LIFECYCLE_MESSAGES.endDateInvalid);
  if (facts.newEndDate === facts.endDate) return refuse('END_DATE_SAME', LIFECYCLE_MESSAGES.endDateSame);
  if (facts.newEndDate <= facts.today)
    return refuse('END_DATE_NOT_AFTER_TODAY', LIFECYCLE_MESSAGES.endDateNotAfterToday);
  if (facts.newEndDate <= facts.startDate) {
    return refuse('END_DATE_NOT_AFTER_START', LIFECYCLE_MESSAGES.endDateNotAfterStart);
  }
  if (facts.newEndDate > twoYearsAfter(facts.today)) {
    return refuse('END_DATE_TOO_FAR', LIFECYCLE_MESSAGES.endDateTooFar);
  }
  if (facts.lastBillDate !== null && facts.newEndDate < facts.lastBillDate) {
    return refuse('END_DATE_BEFORE_BILLS', LIFECYCLE_MESSAGES.endDateBeforeBills);
  }
  return null;
}

/** A version as staff withdrawing a change sent to the member see it. */
export interface WithdrawFacts {
  status: AgreementStatus;
  /** It changes another version (a modification or renewal), not a new agreement. */
  isChange: boolean;
  /** Staff sent it to the member (save all: `activated_by_id`), so it is no longer edited in the wizard. */
  sentToMember: boolean;
}

/**
 * Staff withdraw a modification or renewal they sent to the member (9, waiting for the member's approval): the
 * member has not decided yet and the version in force runs on. One still being edited is cancelled in the wizard
 * (Discard); one the member already approved is on its way to being applied. Null when it may be withdrawn; the
 * state machine (Withdraw, 9 → 6) is asked again as it is written.
 */
export function withdrawProblem(facts: WithdrawFacts): Refusal | null {
  const refuse = (code: string, message: string): Refusal => ({ code, field: 'agreementId', message });
  if (!facts.isChange) return refuse('NOT_A_CHANGE', LIFECYCLE_MESSAGES.withdrawNotAChange);
  if (facts.status !== AgreementStatus.ModificationPendingApproval) {
    return refuse('NOT_AWAITING_APPROVAL', LIFECYCLE_MESSAGES.withdrawNotWaiting);
  }
  if (!facts.sentToMember) return refuse('NOT_SENT_TO_MEMBER', LIFECYCLE_MESSAGES.withdrawNotSent);
  return null;
}
