import { ActivityType } from '../../activity/index.js';
import { AgreementStatus as S } from '../agreement-status.js';

/**
 * The agreement's state machine (DOMAIN.md statuses, spec 3 §4 "pending, approved, queued, in progress, active,
 * missed deposit, locked, expired and renewed, cancelled"): every allowed status change of a version as one row of
 * one table — from, event, to, who may, and the activity it records. Anything not in the table is refused.
 * `status-writer.ts` is the one place that asks it and writes the column.
 */

/** What happens to an agreement version. */
export enum AgreementEvent {
  /** Staff start a new agreement in the wizard (a new version, status 0). */
  Create = 'Create',
  /** Staff or the member open a modification: a copy of the version in force (9). */
  StartModification = 'StartModification',
  /** Staff renew the running agreement: a copy from the day after its end date (9). */
  Renew = 'Renew',
  /** Staff activate a new agreement at step 8: it waits (0) for the member's approval. */
  StaffActivate = 'StaffActivate',
  /**
   * Modify step 7 "save all": a renewal, or a modification the member must approve, is sent to them (it stays 9,
   * closed in the wizard); a modification staff may apply alone (member-approval/README.md) is queued (2).
   */
  SaveAll = 'SaveAll',
  /** The member approves a new agreement or a modification / renewal staff sent them (activated_by_id): queued (2). */
  MemberApprove = 'MemberApprove',
  /** The member declines a modification / renewal staff sent them: cancelled (6); the version in force runs on. */
  MemberDecline = 'MemberDecline',
  /** The wizard's cancel discards a draft nobody approved (a new agreement in setup, a modification or renewal). */
  Discard = 'Discard',
  /** A change still on its way (9, or a renewal waiting in 1) goes with the agreement it changes when that is cancelled. */
  Withdraw = 'Withdraw',
  /** The apply job claims a queued change (2, or a 3 left by a run that died). */
  BeginApply = 'BeginApply',
  /** A new agreement applied: active (7), or approved (1) until its start date. */
  ApplyNew = 'ApplyNew',
  /** A renewal approved before its first day: it waits approved (1) while the version in force runs to its end. */
  AwaitTakeOver = 'AwaitTakeOver',
  /** The bank day on a waiting renewal's first day claims it (1 → 3) for the applier, which makes it take over. */
  TakeOver = 'TakeOver',
  /** A modification or renewal applied: it keeps the status of the version it replaces (7, 4 or 8). */
  ApplyChange = 'ApplyChange',
  /** The version a change replaced: renewed (10). */
  Supersede = 'Supersede',
  /** Applying failed: the change is cancelled (6), the version in force runs on. */
  ApplyFailed = 'ApplyFailed',
  /** The bank day on an approved agreement's start date: active. */
  Start = 'Start',
  /** Staff move the end date of the agreement (its status unchanged). */
  MoveEndDate = 'MoveEndDate',
  Cancel = 'Cancel',
  /** Staff lock the agreement, or the bank day after repeated failed payments. */
  Lock = 'Lock',
  Unlock = 'Unlock',
  /** The bank day: a deposit missed (7 → 4), the full missed amount received (4 → 7), the end date passed (→ 5). */
  MissDeposit = 'MissDeposit',
  DepositsRecovered = 'DepositsRecovered',
  /** The member (or staff for them) pays all that the missed deposits lack now from a linked account: 4 → 7. */
  CatchUp = 'CatchUp',
  Expire = 'Expire',
}

/** Who causes a change: the member (portal), staff (agents), a manager (staff who approve), or a bank-day job. */
export type Actor = 'member' | 'staff' | 'manager' | 'job';

/** The status of a version not written yet: the events that make a new version start from here. */
export const NEW_VERSION = 'new' as const;
export type FromStatus = S | typeof NEW_VERSION;

/** What a row needs beyond the status, read by the writer under the row lock. */
export interface TransitionFacts {
  /** ApplyNew: the agreement starts after today (it waits in 1). */
  startsLater?: boolean;
  /**
   * ApplyChange: the status of the version it replaces; a new version: the status of the version it copies;
   * BeginApply, TakeOver: the status of the version it changes (for the screens it moves, status-seen.rules.ts).
   */
  replacedStatus?: S;
  /** Unlock: deposits still missed (it returns to 4, not 7). */
  hasMissedDeposits?: boolean;
  /** MemberApprove, Discard: the version changes another (a modification or renewal), not a new agreement. */
  isChange?: boolean;
  /** SaveAll: the version is a renewal (it starts after the version it renews ends), which the member approves. */
  isRenewal?: boolean;
  /** SaveAll: the change alters what the member agreed to (member-approval/change-review.rules.ts). */
  needsMemberApproval?: boolean;
  /**
   * MemberApprove, MemberDecline: staff sent the version to the member (`activated_by_id`: a new agreement activated
   * at step 8, a change by save all); it is no longer being edited. Nothing unsent is the member's to decide.
   */
  sentToMember?: boolean;
}

/** The statuses of a version that runs (bills are paid from it): it may be modified, expires, is replaced. */
const RUNNING: readonly S[] = [S.Active, S.MissedDeposit, S.Locked];

/** A condition of a row on the facts; a row without one always applies. */
export type Guard =
  | 'startsToday'
  | 'startsLater'
  | 'replacesActive'
  | 'replacesMissedDeposit'
  | 'replacesLocked'
  | 'depositsMissed'
  | 'depositsUpToDate'
  | 'newAgreement'
  | 'change'
  | 'copiesRunning'
  | 'copiesUnlocked'
  | 'renewal'
  | 'notRenewal'
  | 'memberMustApprove'
  | 'staffMayApplyAlone'
  | 'sentToMember'
  | 'sentNewAgreement';

export const GUARDS: Readonly<Record<Guard, (facts: TransitionFacts) => boolean>> = {
  startsToday: (f) => f.startsLater !== true,
  startsLater: (f) => f.startsLater === true,
  replacesActive: (f) => f.replacedStatus === S.Active,
  replacesMissedDeposit: (f) => f.replacedStatus === S.MissedDeposit,
  replacesLocked: (f) => f.replacedStatus === S.Locked,
  depositsMissed: (f) => f.hasMissedDeposits === true,
  depositsUpToDate: (f) => f.hasMissedDeposits !== true,
  newAgreement: (f) => f.isChange !== true,
  change: (f) => f.isChange === true,
  copiesRunning: (f) => f.replacedStatus !== undefined && RUNNING.includes(f.replacedStatus),
  copiesUnlocked: (f) => f.replacedStatus === S.Active || f.replacedStatus === S.MissedDeposit,
  renewal: (f) => f.isRenewal === true && f.sentToMember !== true,
  notRenewal: (f) => f.isRenewal !== true,
  memberMustApprove: (f) => f.needsMemberApproval === true && f.sentToMember !== true && f.isRenewal !== true,
  staffMayApplyAlone: (f) => f.needsMemberApproval === false && f.sentToMember !== true && f.isRenewal !== true,
  sentToMember: (f) => f.isChange === true && f.sentToMember === true,
  sentNewAgreement: (f) => f.isChange !== true && f.sentToMember === true,
};

export interface TransitionRow {
  from: readonly FromStatus[];
  event: AgreementEvent;
  to: S;
  who: readonly Actor[];
  when?: Guard;
  /** The activity the change records (spec 1 §3 codes); none where the event's own record says it (a deposit's). */
  activity: ActivityType | null;
}

const STAFF: readonly Actor[] = ['staff', 'manager'];

/** The table. A new row here is a new behaviour: add its case to transitions.rules.test.ts. */
export const TRANSITIONS: readonly TransitionRow[] = [
  // New versions.
  {
    from: [NEW_VERSION],
    event: AgreementEvent.Create,
    to: S.PendingApproval,
    who: STAFF,
    activity: ActivityType.AgreementStatusChange,
  },
  {
    from: [NEW_VERSION],
    event: AgreementEvent.StartModification,
    to: S.ModificationPendingApproval,
    who: STAFF,
    when: 'copiesRunning',
    activity: ActivityType.AgreementModification,
  },
  {
    from: [NEW_VERSION],
    event: AgreementEvent.Renew,
    to: S.ModificationPendingApproval,
    who: STAFF,
    when: 'copiesUnlocked',
    activity: ActivityType.AgreementRenewal,
  },
  // The wizard's end and the member's approval.
  {
    from: [S.PendingApproval],
    event: AgreementEvent.StaffActivate,
    to: S.PendingApproval,
    who: STAFF,
    activity: ActivityType.AgreementCreation,
  },
  {
    from: [S.ModificationPendingApproval],
    event: AgreementEvent.SaveAll,
    to: S.ModificationPendingApproval,
    who: STAFF,
    when: 'memberMustApprove',
    activity: ActivityType.AgreementModification,
  },
  {
    from: [S.ModificationPendingApproval],
    event: AgreementEvent.SaveAll,
    to: S.Queued,
    who: STAFF,
    when: 'staffMayApplyAlone',
    activity: ActivityType.AgreementModification,
  },
  {
    // A renewal is approved as a new agreement is: staff send it (activated_by_id), the member approves it.
    from: [S.ModificationPendingApproval],
    event: AgreementEvent.SaveAll,
    to: S.ModificationPendingApproval,
    who: STAFF,
    when: 'renewal',
    activity: ActivityType.AgreementRenewal,
  },
  {
    from: [S.PendingApproval],
    event: AgreementEvent.MemberApprove,
    to: S.Queued,
    who: ['member'],
    when: 'sentNewAgreement',
    activity: ActivityType.AgreementCreation,
  },
  {
    from: [S.ModificationPendingApproval],
    event: AgreementEvent.MemberApprove,
    to: S.Queued,
    who: ['member'],
    when: 'sentToMember',
    activity: ActivityType.AgreementModification,
  },
  {
    from: [S.ModificationPendingApproval],
    event: AgreementEvent.MemberDecline,
    to: S.Cancelled,
    who: ['member'],
    when: 'sentToMember',
    activity: ActivityType.AgreementModification,
  },
  {
    from: [S.PendingApproval],
    event: AgreementEvent.Discard,
    to: S.Cancelled,
    who: STAFF,
    when: 'newAgreement',
    activity: ActivityType.AgreementStatusChange,
  },
  {
    from: [S.ModificationPendingApproval],
    event: AgreementEvent.Discard,
    to: S.Cancelled,
    who: STAFF,
    when: 'change',
    activity: ActivityType.AgreementStatusChange,
  },
  {
    from: [S.ModificationPendingApproval, S.Approved],
    event: AgreementEvent.Withdraw,
    to: S.Cancelled,
    who: [...STAFF, 'job'],
    when: 'change',
    activity: ActivityType.AgreementStatusChange,
  },
  // Applying (change-applier.ts).
  {
    from: [S.Queued, S.InProgress],
    event: AgreementEvent.BeginApply,
    to: S.InProgress,
    who: ['job'],
    activity: ActivityType.AgreementStatusChange,
  },
  {
    from: [S.InProgress],
    event: AgreementEvent.ApplyNew,
    to: S.Active,
    who: ['job'],
    when: 'startsToday',
    activity: ActivityType.AgreementActivated,
  },
  {
    from: [S.InProgress],
    event: AgreementEvent.ApplyNew,
    to: S.Approved,
    who: ['job'],
    when: 'startsLater',
    activity: ActivityType.AgreementActivated,
  },
  {
    from: [S.InProgress],
    event: AgreementEvent.AwaitTakeOver,
    to: S.Approved,
    who: ['job'],
    when: 'change',
    activity: ActivityType.AgreementRenewal,
  },
  {
    from: [S.Approved],
    event: AgreementEvent.TakeOver,
    to: S.InProgress,
    who: ['job'],
    when: 'change',
    activity: ActivityType.AgreementStatusChange,
  },
  ...(
    [
      ['replacesActive', S.Active],
      ['replacesMissedDeposit', S.MissedDeposit],
      ['replacesLocked', S.Locked],
    ] as const
  ).map(([when, to]): TransitionRow => ({
    from: [S.InProgress],
    event: AgreementEvent.ApplyChange,
    to,
    who: ['job'],
    when,
    activity: ActivityType.AgreementModificationApplied,
  })),
  {
    from: RUNNING,
    event: AgreementEvent.Supersede,
    to: S.Renewed,
    who: ['job'],
    activity: ActivityType.AgreementStatusChange,
  },
  {
    from: [S.Queued, S.InProgress],
    event: AgreementEvent.ApplyFailed,
    to: S.Cancelled,
    who: ['job'],
    activity: ActivityType.AgreementStatusChange,
  },
  // The bank day.
  {
    from: [S.Approved],
    event: AgreementEvent.Start,
    to: S.Active,
    who: ['job'],
    activity: ActivityType.AgreementActivated,
  },
  // The deposit's own activity (14 missed; 2 or 20 received) records these two.
  { from: [S.Active], event: AgreementEvent.MissDeposit, to: S.MissedDeposit, who: ['job'], activity: null },
  { from: [S.MissedDeposit], event: AgreementEvent.DepositsRecovered, to: S.Active, who: ['job'], activity: null },
  // A catch-up deposit (payment/catch-up.service.ts) that leaves nothing owed; its own activity (20) says so.
  {
    from: [S.MissedDeposit],
    event: AgreementEvent.CatchUp,
    to: S.Active,
    who: ['member', ...STAFF],
    when: 'depositsUpToDate',
    activity: null,
  },
  {
    from: RUNNING,
    event: AgreementEvent.Expire,
    to: S.Expired,
    who: ['job'],
    activity: ActivityType.AgreementStatusChange,
  },
  // Staff on the agreement (manage page, agreement menu); a lock also by the bank day after repeated failures.
  ...[S.Approved, ...RUNNING].map((from): TransitionRow => ({
    from: [from],
    event: AgreementEvent.MoveEndDate,
    to: from,
    who: STAFF,
    activity: ActivityType.AgreementModificationApplied,
  })),
  {
    from: [S.PendingApproval, S.Approved, ...RUNNING],
    event: AgreementEvent.Cancel,
    to: S.Cancelled,
    who: STAFF,
    activity: ActivityType.AgreementCancelled,
  },
  {
    from: [S.Active, S.MissedDeposit],
    event: AgreementEvent.Lock,
    to: S.Locked,
    who: [...STAFF, 'job'],
    activity: ActivityType.LockedAgreement,
  },
  {
    from: [S.Locked],
    event: AgreementEvent.Unlock,
    to: S.MissedDeposit,
    who: STAFF,
    when: 'depositsMissed',
    activity: ActivityType.AgreementUnlocked,
  },
  {
    from: [S.Locked],
    event: AgreementEvent.Unlock,
    to: S.Active,
    who: STAFF,
    when: 'depositsUpToDate',
    activity: ActivityType.AgreementUnlocked,
  },
];

/** The statuses an event may start from (whoever asks, whatever the facts): menus and scans read this. */
export function statusesAllowing(event: AgreementEvent): FromStatus[] {
  const from = new Set<FromStatus>();
  for (const row of TRANSITIONS) if (row.event === event) row.from.forEach((status) => from.add(status));
  return [...from];
}

/** Whether `event` may happen to a version in `from` at all (some row, any actor, any facts). */
export function eventAllowedFrom(event: AgreementEvent, from: FromStatus): boolean {
  return TRANSITIONS.some((row) => row.event === event && row.from.includes(from));
}

export const STATUS_NAMES: Readonly<Record<S, string>> = {
  [S.PendingApproval]: 'pending the member’s approval',
  [S.Approved]: 'approved',
  [S.Queued]: 'queued',
  [S.InProgress]: 'in progress',
  [S.MissedDeposit]: 'missed deposit',
  [S.Expired]: 'expired',
  [S.Cancelled]: 'cancelled',
  [S.Active]: 'active',
  [S.Locked]: 'locked',
  [S.ModificationPendingApproval]: 'modification pending the member’s approval',
  [S.Renewed]: 'renewed',
};

const EVENT_WORDS: Readonly<Record<AgreementEvent, string>> = {
  [AgreementEvent.Create]: 'created',
  [AgreementEvent.StartModification]: 'modified',
  [AgreementEvent.Renew]: 'renewed',
  [AgreementEvent.StaffActivate]: 'activated',
  [AgreementEvent.SaveAll]: 'saved and activated',
  [AgreementEvent.MemberApprove]: 'approved',
  [AgreementEvent.MemberDecline]: 'declined',
  [AgreementEvent.Discard]: 'discarded',
  [AgreementEvent.Withdraw]: 'withdrawn',
  [AgreementEvent.BeginApply]: 'applied',
  [AgreementEvent.ApplyNew]: 'applied',
  [AgreementEvent.AwaitTakeOver]: 'approved to take over later',
  [AgreementEvent.TakeOver]: 'taken over',
  [AgreementEvent.ApplyChange]: 'applied',
  [AgreementEvent.Supersede]: 'replaced',
  [AgreementEvent.ApplyFailed]: 'failed',
  [AgreementEvent.Start]: 'started',
  [AgreementEvent.MoveEndDate]: 'given a new end date',
  [AgreementEvent.Cancel]: 'cancelled',
  [AgreementEvent.Lock]: 'locked',
  [AgreementEvent.Unlock]: 'unlocked',
  [AgreementEvent.MissDeposit]: 'put in missed deposit',
  [AgreementEvent.DepositsRecovered]: 'taken out of missed deposit',
  [AgreementEvent.CatchUp]: 'taken out of missed deposit while deposits are still missed',
  [AgreementEvent.Expire]: 'expired',
};

const ACTOR_WORDS: Readonly<Record<Actor, string>> = {
  member: 'the member',
  staff: 'staff',
  manager: 'a manager',
  job: 'the bank day',
};

/** The words of a change for its activity: 'Agreement 12 approved (modification pending … → queued).' */
export function statusChangeWords(agreementId: number, event: AgreementEvent, from: FromStatus, to: S): string {
  const was = from === NEW_VERSION ? 'new' : STATUS_NAMES[from];
  return `Agreement ${agreementId} ${EVENT_WORDS[event]} (${was} → ${STATUS_NAMES[to]}).`;
}

export interface Refusal {
  code: string;
  field: string | null;
  message: string;
}

export type Transition = { to: S; activity: ActivityType | null } | { refusal: Refusal };

/** The refusal of an event not allowed from a status, in words. */
export function notAllowed(event: AgreementEvent, from: FromStatus): Refusal {
  const status = from === NEW_VERSION ? 'not written yet' : (STATUS_NAMES[from] ?? 'in this status');
  return {
    code: 'TRANSITION_NOT_ALLOWED',
    field: 'agreementId',
    message: `An agreement that is ${status} cannot be ${EVENT_WORDS[event]}.`,
  };
}

/** A member's decision on a version staff have not sent them (still in the wizard): theirs once it is sent. */
export function notSentToMember(event: AgreementEvent): Refusal {
  return {
    code: 'NOT_SENT_TO_MEMBER',
    field: 'agreementId',
    message: `Staff have not finished preparing this agreement yet. You can ${
      event === AgreementEvent.MemberDecline ? 'decline' : 'approve'
    } it once they send it to you.`,
  };
}

/**
 * Where `event` takes a version in `from` when `actors` cause it (a user may be several: a manager is staff too),
 * with the activity it records; the refusal when the table has no row for it. The status is checked first, then who,
 * then the facts (a change whose replaced version no longer runs fails with CHANGE_FAILED).
 */
export function decideTransition(
  event: AgreementEvent,
  from: FromStatus,
  actors: readonly Actor[],
  facts: TransitionFacts = {},
): Transition {
  const rows = TRANSITIONS.filter((row) => row.event === event && row.from.includes(from));
  if (rows.length === 0) return { refusal: notAllowed(event, from) };
  const mayAct = rows.filter((row) => row.who.some((actor) => actors.includes(actor)));
  if (mayAct.length === 0) {
    const who = [...new Set(rows.flatMap((row) => row.who))].map((actor) => ACTOR_WORDS[actor]);
    return {
      refusal: {
        code: 'NOT_ALLOWED_FOR_ROLE',
        field: 'agreementId',
        message: `Only ${who.join(' or ')} can do this to an agreement that is ${from === NEW_VERSION ? 'new' : STATUS_NAMES[from]}.`,
      },
    };
  }
  const row = mayAct.find((candidate) => candidate.when === undefined || GUARDS[candidate.when](facts));
  if (!row) {
    if (event === AgreementEvent.MemberApprove || event === AgreementEvent.MemberDecline) {
      if (facts.sentToMember !== true) return { refusal: notSentToMember(event) };
      return {
        refusal: {
          code: 'NOT_AWAITING_APPROVAL',
          field: 'agreementId',
          message: 'This agreement is not waiting for the member’s approval.',
        },
      };
    }
    // A new version copies one that does not allow it: refused in the words of the version copied.
    if (from === NEW_VERSION && facts.replacedStatus !== undefined)
      return { refusal: notAllowed(event, facts.replacedStatus) };
    if (event === AgreementEvent.ApplyChange) {
      return {
        refusal: {
          code: 'CHANGE_FAILED',
          field: 'agreementId',
          message: 'The agreement it changes is no longer current.',
        },
      };
    }
    return { refusal: notAllowed(event, from) };
  }
  return { to: row.to, activity: row.activity };
}
