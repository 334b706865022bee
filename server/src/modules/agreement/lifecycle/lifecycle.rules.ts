import { ActivityType } from '../../activity/activity-type.js';
import { AgreementStatus, OPEN_CHANGE_STATUSES } from '../agreement-status.js';

/**
 * The agreement's lifecycle (spec 3 §4, DOMAIN.md statuses): every status transition as one pure rule. A
 * transition not allowed from the current status is refused with a clear message and changes nothing.
 */

/** What can happen to an agreement version. */
export enum LifecycleAction {
  /** Staff activate a new agreement at step 8: it waits (0) for the member's approval. */
  StaffActivate = 'StaffActivate',
  /** Modify step 7 "save all": the modification is queued (2) to be applied. */
  SaveAll = 'SaveAll',
  /** The member approves a new agreement (after staff activation) or a modification/renewal: queued (2). */
  MemberApprove = 'MemberApprove',
  /** The apply job claims a queued change (2, or a 3 left by a run that died). */
  BeginApply = 'BeginApply',
  /** A new agreement applied: active (7), or approved (1) until its start date. */
  ApplyNew = 'ApplyNew',
  /** A modification or renewal applied: it keeps the status of the version it replaces (7, 4 or 8). */
  ApplyChange = 'ApplyChange',
  /** The version a change replaced: renewed (10). */
  Supersede = 'Supersede',
  /** Applying failed: the change is cancelled (6), the version in force runs on. */
  ApplyFailed = 'ApplyFailed',
  /** The bank day on an approved agreement's start date: active. */
  Start = 'Start',
  /** Staff renew: a new version from the end date (9), the running one unchanged until it is applied. */
  Renew = 'Renew',
  /** Staff move the end date of the running agreement (its status unchanged). */
  MoveEndDate = 'MoveEndDate',
  Cancel = 'Cancel',
  Lock = 'Lock',
  Unlock = 'Unlock',
  /** The bank day: a deposit missed (7 → 4), all received again (4 → 7), the end date passed (→ 5). */
  MissDeposit = 'MissDeposit',
  DepositsRecovered = 'DepositsRecovered',
  Expire = 'Expire',
}

export const STATUS_NAMES: Readonly<Record<AgreementStatus, string>> = {
  [AgreementStatus.PendingApproval]: 'pending the member’s approval',
  [AgreementStatus.Approved]: 'approved',
  [AgreementStatus.Queued]: 'queued',
  [AgreementStatus.InProgress]: 'in progress',
  [AgreementStatus.MissedDeposit]: 'missed deposit',
  [AgreementStatus.Expired]: 'expired',
  [AgreementStatus.Cancelled]: 'cancelled',
  [AgreementStatus.Active]: 'active',
  [AgreementStatus.Locked]: 'locked',
  [AgreementStatus.ModificationPendingApproval]: 'modification pending the member’s approval',
  [AgreementStatus.Renewed]: 'renewed',
};

const ACTION_WORDS: Readonly<Record<LifecycleAction, string>> = {
  [LifecycleAction.StaffActivate]: 'activated',
  [LifecycleAction.SaveAll]: 'saved and activated',
  [LifecycleAction.MemberApprove]: 'approved',
  [LifecycleAction.BeginApply]: 'applied',
  [LifecycleAction.ApplyNew]: 'applied',
  [LifecycleAction.ApplyChange]: 'applied',
  [LifecycleAction.Supersede]: 'replaced',
  [LifecycleAction.ApplyFailed]: 'failed',
  [LifecycleAction.Start]: 'started',
  [LifecycleAction.Renew]: 'renewed',
  [LifecycleAction.MoveEndDate]: 'given a new end date',
  [LifecycleAction.Cancel]: 'cancelled',
  [LifecycleAction.Lock]: 'locked',
  [LifecycleAction.Unlock]: 'unlocked',
  [LifecycleAction.MissDeposit]: 'put in missed deposit',
  [LifecycleAction.DepositsRecovered]: 'taken out of missed deposit',
  [LifecycleAction.Expire]: 'expired',
};

/** What a rule needs beyond the status. */
export interface TransitionFacts {
  /** ApplyNew: the agreement starts after today (it waits in 1). */
  startsLater?: boolean;
  /** ApplyChange: the status of the version it replaces. */
  replacedStatus?: AgreementStatus;
  /** Unlock: deposits still missed (it returns to 4, not 7). */
  hasMissedDeposits?: boolean;
}

/** The allowed from-statuses of each action. */
export const ALLOWED_FROM: Readonly<Record<LifecycleAction, readonly AgreementStatus[]>> = {
  [LifecycleAction.StaffActivate]: [AgreementStatus.PendingApproval],
  [LifecycleAction.SaveAll]: [AgreementStatus.ModificationPendingApproval],
  [LifecycleAction.MemberApprove]: [AgreementStatus.PendingApproval, AgreementStatus.ModificationPendingApproval],
  [LifecycleAction.BeginApply]: [AgreementStatus.Queued, AgreementStatus.InProgress],
  [LifecycleAction.ApplyNew]: [AgreementStatus.InProgress],
  [LifecycleAction.ApplyChange]: [AgreementStatus.InProgress],
  [LifecycleAction.Supersede]: [AgreementStatus.Active, AgreementStatus.MissedDeposit, AgreementStatus.Locked],
  [LifecycleAction.ApplyFailed]: [AgreementStatus.Queued, AgreementStatus.InProgress],
  [LifecycleAction.Start]: [AgreementStatus.Approved],
  [LifecycleAction.Renew]: [AgreementStatus.Active, AgreementStatus.MissedDeposit],
  [LifecycleAction.MoveEndDate]: [
    AgreementStatus.Approved,
    AgreementStatus.Active,
    AgreementStatus.MissedDeposit,
    AgreementStatus.Locked,
  ],
  [LifecycleAction.Cancel]: [
    AgreementStatus.PendingApproval,
    AgreementStatus.Approved,
    AgreementStatus.Active,
    AgreementStatus.MissedDeposit,
    AgreementStatus.Locked,
  ],
  [LifecycleAction.Lock]: [AgreementStatus.Active, AgreementStatus.MissedDeposit],
  [LifecycleAction.Unlock]: [AgreementStatus.Locked],
  [LifecycleAction.MissDeposit]: [AgreementStatus.Active],
  [LifecycleAction.DepositsRecovered]: [AgreementStatus.MissedDeposit],
  [LifecycleAction.Expire]: [AgreementStatus.Active, AgreementStatus.MissedDeposit, AgreementStatus.Locked],
};

export interface Refusal {
  code: string;
  field: string | null;
  message: string;
}

export type Transition = { to: AgreementStatus } | { refusal: Refusal };

/** The refusal of an action not allowed from a status, in words. */
export function notAllowed(action: LifecycleAction, from: AgreementStatus): Refusal {
  return {
    code: 'TRANSITION_NOT_ALLOWED',
    field: 'agreementId',
    message: `An agreement that is ${STATUS_NAMES[from] ?? 'in this status'} cannot be ${ACTION_WORDS[action]}.`,
  };
}

/** Where `action` takes a version in status `from`; the refusal when it is not allowed from there. */
export function transition(action: LifecycleAction, from: AgreementStatus, facts: TransitionFacts = {}): Transition {
  if (!ALLOWED_FROM[action].includes(from)) return { refusal: notAllowed(action, from) };
  switch (action) {
    case LifecycleAction.StaffActivate:
      return { to: AgreementStatus.PendingApproval };
    case LifecycleAction.SaveAll:
    case LifecycleAction.MemberApprove:
      return { to: AgreementStatus.Queued };
    case LifecycleAction.BeginApply:
      return { to: AgreementStatus.InProgress };
    case LifecycleAction.ApplyNew:
      return { to: facts.startsLater ? AgreementStatus.Approved : AgreementStatus.Active };
    case LifecycleAction.ApplyChange: {
      const kept = facts.replacedStatus;
      if (kept === undefined || !ALLOWED_FROM[LifecycleAction.Supersede].includes(kept)) {
        return {
          refusal: {
            code: 'CHANGE_FAILED',
            field: 'agreementId',
            message: 'The agreement it changes is no longer current.',
          },
        };
      }
      return { to: kept };
    }
    case LifecycleAction.Supersede:
      return { to: AgreementStatus.Renewed };
    case LifecycleAction.ApplyFailed:
    case LifecycleAction.Cancel:
      return { to: AgreementStatus.Cancelled };
    case LifecycleAction.Start:
    case LifecycleAction.DepositsRecovered:
      return { to: AgreementStatus.Active };
    case LifecycleAction.Renew:
      return { to: AgreementStatus.ModificationPendingApproval };
    case LifecycleAction.MoveEndDate:
      return { to: from };
    case LifecycleAction.Lock:
      return { to: AgreementStatus.Locked };
    case LifecycleAction.Unlock:
      return { to: facts.hasMissedDeposits ? AgreementStatus.MissedDeposit : AgreementStatus.Active };
    case LifecycleAction.MissDeposit:
      return { to: AgreementStatus.MissedDeposit };
    case LifecycleAction.Expire:
      return { to: AgreementStatus.Expired };
  }
}

/** The actions staff take on the agreement in force from the manage page and the agreement menu. */
export const STAFF_LIFECYCLE_ACTIONS = [
  LifecycleAction.Lock,
  LifecycleAction.Unlock,
  LifecycleAction.Renew,
  LifecycleAction.MoveEndDate,
  LifecycleAction.Cancel,
] as const;
export type StaffLifecycleAction = (typeof STAFF_LIFECYCLE_ACTIONS)[number];

/** What the account's other versions mean for a staff action on one of them. */
export interface AccountChangeFacts {
  /** Another version still on its way (a renewal or modification open, a change queued or applying, a new one). */
  otherChangeOnItsWay: boolean;
  /** A change of the account being applied (queued or in progress). */
  changeBeingApplied: boolean;
}

/** The facts from the statuses of the account's other versions. */
export function accountChangeFacts(otherStatuses: readonly AgreementStatus[]): AccountChangeFacts {
  return {
    otherChangeOnItsWay: otherStatuses.some((status) => OPEN_CHANGE_STATUSES.includes(status)),
    changeBeingApplied: otherStatuses.some(
      (status) => status === AgreementStatus.Queued || status === AgreementStatus.InProgress,
    ),
  };
}

/**
 * Whether staff may take `action` on a version in `status` (null) or why not: the transition table, then the rest of
 * the account. Renewing or moving the end date waits for any other change on its way (a second renewal is refused);
 * cancelling waits for a change being applied. The service enforces it and the menus offer what it allows.
 */
export function staffActionRefusal(
  action: StaffLifecycleAction,
  status: AgreementStatus,
  account: AccountChangeFacts,
): Refusal | null {
  if (!ALLOWED_FROM[action].includes(status)) return notAllowed(action, status);
  if ((action === LifecycleAction.Renew || action === LifecycleAction.MoveEndDate) && account.otherChangeOnItsWay) {
    return { code: 'CHANGE_ALREADY_WAITING', field: 'agreementId', message: LIFECYCLE_MESSAGES.changeWaiting };
  }
  if (action === LifecycleAction.Cancel && account.changeBeingApplied) {
    return { code: 'CHANGE_BEING_APPLIED', field: 'agreementId', message: LIFECYCLE_MESSAGES.changeBeingApplied };
  }
  return null;
}

/** The staff actions available on a version in `status`: the agreement menu and the manage page offer these. */
export function availableStaffActions(status: AgreementStatus, account: AccountChangeFacts): StaffLifecycleAction[] {
  return STAFF_LIFECYCLE_ACTIONS.filter((action) => staffActionRefusal(action, status, account) === null);
}

/** The activity each staff or member action records (spec 1 §3 codes). */
export const ACTION_ACTIVITY: Partial<Readonly<Record<LifecycleAction, ActivityType>>> = {
  [LifecycleAction.StaffActivate]: ActivityType.AgreementCreation,
  [LifecycleAction.SaveAll]: ActivityType.AgreementModification,
  [LifecycleAction.ApplyNew]: ActivityType.AgreementActivated,
  [LifecycleAction.ApplyChange]: ActivityType.AgreementModificationApplied,
  [LifecycleAction.Start]: ActivityType.AgreementActivated,
  [LifecycleAction.Renew]: ActivityType.AgreementRenewal,
  [LifecycleAction.MoveEndDate]: ActivityType.AgreementModificationApplied,
  [LifecycleAction.Cancel]: ActivityType.AgreementCancelled,
  [LifecycleAction.Lock]: ActivityType.LockedAgreement,
  [LifecycleAction.Unlock]: ActivityType.AgreementUnlocked,
};

export const LIFECYCLE_MESSAGES = {
  activationReceived: 'Activation received. The changes for the agreement will be applied shortly.',
  activationFailed: 'Could not activate the contract. Please try again later.',
  sentForApproval: 'The agreement has been activated and is waiting for the member’s approval.',
  noBillers: 'Add at least one biller or billing sub-category before activating the agreement.',
  depositsNotSaved: 'Save the deposits before activating the agreement.',
  capacityNotConfirmed: 'Confirm the member’s capacity to pay before activating the agreement.',
  startInPast: 'Agreement start date cannot be in the past. Please review and modify.',
  alreadyActivated: 'This agreement has already been activated and is waiting for the member’s approval.',
  notActivatedYet: 'This agreement is still being set up by staff; it cannot be approved yet.',
  changeWaiting: 'A change to this agreement is already waiting to be approved or applied.',
  changeBeingApplied: 'A change to this agreement is being applied. Please try again when it is done.',
  reasonRequired: 'Please enter a reason.',
  endDateInvalid: 'Please enter a valid new end date (YYYY-MM-DD).',
  endDateNotAfterToday: 'The new end date must be after today.',
  endDateNotAfterStart: 'The new end date must be after the agreement’s start date.',
  endDateSame: 'The new end date is the agreement’s end date already.',
  endDateTooFar: 'The new end date can be at most two years from today.',
  endDateBeforeBills: 'The new end date is before bills already scheduled in the agreement. Remove those bills first.',
  descriptionRequired: 'Please enter a description.',
  savedForLater: 'The agreement has been saved for later.',
  approvalsMissing: 'The agreement needs a manager’s approval before it can be activated.',
  approvalsRefused: 'A manager refused an approval this agreement needs; it cannot be activated.',
} as const;

/** What a staff activation (setup) or a save all (modify) checks of the version. */
export interface ActivationFacts {
  isNew: boolean;
  accountActive: boolean;
  /** In setup: the account's balance (every version's balances added), which must be zero. */
  accountBalanceCents: number;
  billerCount: number;
  depositAmountCents: number;
  contributionDate: string | null;
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

/** The first reason the version cannot be activated (setup) or saved (modify); null when it can. */
export function activationProblem(facts: ActivationFacts): Refusal | null {
  const refuse = (code: string, message: string, field: string | null = 'agreementId'): Refusal => ({
    code,
    field,
    message,
  });
  if (facts.isNew && facts.alreadyActivated) return refuse('ALREADY_ACTIVATED', LIFECYCLE_MESSAGES.alreadyActivated);
  if (!facts.accountActive) return refuse('ACCOUNT_NOT_VALID', ACCOUNT_NOT_VALID);
  if (facts.isNew && facts.accountBalanceCents !== 0) return refuse('BALANCE_NOT_ZERO', BALANCE_NOT_ZERO);
  if (facts.billerCount === 0) return refuse('NO_BILLERS', LIFECYCLE_MESSAGES.noBillers);
  if (facts.depositAmountCents <= 0 || facts.contributionDate === null) {
    return refuse('DEPOSITS_NOT_SAVED', LIFECYCLE_MESSAGES.depositsNotSaved, 'deposits');
  }
  if (facts.isNew && !facts.paymentCapacityConfirmed) {
    return refuse('CAPACITY_NOT_CONFIRMED', LIFECYCLE_MESSAGES.capacityNotConfirmed, 'paymentCapacityConfirmed');
  }
  if (facts.isNew && facts.startDate < facts.today) return refuse('START_IN_PAST', LIFECYCLE_MESSAGES.startInPast);
  if (facts.approvalsRefused > 0) return refuse('APPROVAL_REFUSED', LIFECYCLE_MESSAGES.approvalsRefused);
  if (facts.approvalsMissing > 0) return refuse('APPROVAL_NEEDED', LIFECYCLE_MESSAGES.approvalsMissing);
  return null;
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
