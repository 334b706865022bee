import { formatDisplayDate, type LocalDate } from '../../shared/local-date.js';
import { formatCurrency, type Cents } from '../../shared/money.js';

/** What needs a person, most urgent first (issue 22 item 3). */
export enum WorkKind {
  Hardship = 'Hardship',
  InArrears = 'InArrears',
  FailedPayment = 'FailedPayment',
  ReconciliationMismatch = 'ReconciliationMismatch',
  GoingShort = 'GoingShort',
  Locked = 'Locked',
  ApprovalWaiting = 'ApprovalWaiting',
  MessageNotSent = 'MessageNotSent',
  RenewalDue = 'RenewalDue',
  DepositReview = 'DepositReview',
}

/**
 * Why this order: a member who asked for help with payments (Customer Owned Banking Code s24) first; money owed and bills paused first; a bill that did not get paid; money the bank and the ledger
 * disagree on; a bill the agreement will not cover; an agreement stopped by staff; a colleague waiting on a decision;
 * a member not told something; an agreement coming to its end.
 */
export const WORK_KINDS: readonly { kind: WorkKind; label: string }[] = [
  { kind: WorkKind.Hardship, label: 'Asked for help' },
  { kind: WorkKind.InArrears, label: 'In arrears' },
  { kind: WorkKind.FailedPayment, label: 'Payment failed or part-paid' },
  { kind: WorkKind.ReconciliationMismatch, label: 'Reconciliation mismatch' },
  { kind: WorkKind.GoingShort, label: 'Going short' },
  { kind: WorkKind.Locked, label: 'Locked' },
  { kind: WorkKind.ApprovalWaiting, label: 'Approval waiting' },
  { kind: WorkKind.MessageNotSent, label: 'Message not sent' },
  { kind: WorkKind.RenewalDue, label: 'Renewal due' },
  { kind: WorkKind.DepositReview, label: 'Deposit review' },
];

const RANK = new Map(WORK_KINDS.map(({ kind }, i) => [kind, i]));

/** A row's key as the worklist writes it: a kind, then ids and dates (`arrears:6:2026-11-06:2`). */
export function isWorkItemKey(key: string): boolean {
  return key.length <= 200 && /^[a-z]+(:[0-9A-Za-z-]+)+$/.test(key);
}

export const WORKLIST_MESSAGES = {
  invalidKey: 'That is not a worklist row.',
  invalidAction: 'Say what was done: contacted, locked, resent, reviewed or approved.',
} as const;

/** How far ahead "going short" looks: the at-risk list's default horizon. */
export const GOING_SHORT_WEEKS = 8;

/** What a row offers: the action that fits it. */
export type WorkAction =
  | { action: 'contact'; templateName: string }
  | { action: 'lock' }
  | { action: 'arrange' }
  | { action: 'approve' }
  | { action: 'resend'; notificationId: number }
  | { action: 'open' }
  | { action: 'markDone' };

/** Whose row it is: the agreement and its member (null for a message to the support team). */
export interface WorkSubject {
  agreementId: number;
  accountId: number;
  memberId: number;
  memberNumber: string;
  memberName: string;
}

export interface WorkDone {
  at: Date;
  by: string;
  action: string;
}

export interface WorkItem {
  /** Stable while the situation lasts; a new episode (more missed deposits, a new short day) is a new key. */
  key: string;
  kind: WorkKind;
  /** The date it is ordered by within its kind: since when, or when it bites. */
  date: LocalDate;
  /** Why, in words. */
  title: string;
  detail: string;
  subject: WorkSubject | null;
  actions: WorkAction[];
  done: WorkDone | null;
}

/** Open before done; then by kind (WORK_KINDS), then the earliest date, then the key. */
export function compareWorkItems(a: WorkItem, b: WorkItem): number {
  if ((a.done === null) !== (b.done === null)) return a.done === null ? -1 : 1;
  return (
    RANK.get(a.kind)! - RANK.get(b.kind)! ||
    (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) ||
    (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)
  );
}

/** The dashboard's counts: open rows of each kind, every kind listed (from the same list). */
export function workCounts(items: readonly WorkItem[]): { kind: WorkKind; label: string; open: number }[] {
  return WORK_KINDS.map(({ kind, label }) => ({
    kind,
    label,
    open: items.filter((item) => item.kind === kind && item.done === null).length,
  }));
}

const date = formatDisplayDate;
const money = (amount: Cents) => formatCurrency(amount);
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The last time the member was told something (a message sent), in words. */
export function lastContactWords(last: { at: LocalDate; what: string } | null): string {
  return last ? `Last contact ${date(last.at)}: ${last.what}.` : 'No message sent to the member yet.';
}

const agreementActions = (templateName: string, ...more: WorkAction[]): WorkAction[] => [
  { action: 'contact', templateName },
  ...more,
  { action: 'open' },
  { action: 'markDone' },
];

export function arrearsItem(
  subject: WorkSubject,
  arrears: { amount: Cents; since: LocalDate; missedDeposits: number },
  lastContact: { at: LocalDate; what: string } | null,
  locked: boolean,
): WorkItem {
  return {
    key: `arrears:${subject.agreementId}:${arrears.since}:${arrears.missedDeposits}`,
    kind: WorkKind.InArrears,
    date: arrears.since,
    title: `In arrears: ${money(arrears.amount)} owing since ${date(arrears.since)}`,
    detail:
      `${plural(arrears.missedDeposits, 'deposit', 'deposits')} not received in full; bill payments are paused ` +
      `until the whole amount is in. ${lastContactWords(lastContact)}`,
    subject,
    actions: agreementActions('ArrearsReminder', ...(locked ? [] : [{ action: 'lock' } as const])),
    done: null,
  };
}

/**
 * A member in financial difficulty (issue 24 item 4): their words, what they asked for, what was arranged, and the
 * financial-counselling note. It takes the place of the arrears and going-short rows: the deposit is not chased.
 */
export function hardshipItem(
  subject: WorkSubject,
  hardship: {
    caseId: number;
    arranged: boolean;
    openedOn: LocalDate;
    situation: string;
    requestWords: string;
    arrangementWords: string | null;
    arrears: { amount: Cents; since: LocalDate } | null;
    counsellingNote: string;
  },
  lastContact: { at: LocalDate; what: string } | null,
): WorkItem {
  const arrears = hardship.arrears
    ? `${money(hardship.arrears.amount)} owing since ${date(hardship.arrears.since)}: do not chase it while the case is open. `
    : '';
  const situation = hardship.situation.length > 300 ? `${hardship.situation.slice(0, 297)}…` : hardship.situation;
  return {
    key: `hardship:${hardship.caseId}:${hardship.arranged ? 'arranged' : 'open'}`,
    kind: WorkKind.Hardship,
    date: hardship.openedOn,
    title: hardship.arranged
      ? `Hardship arrangement: ${hardship.arrangementWords}`
      : `Asked for help with payments on ${date(hardship.openedOn)}`,
    detail:
      `In their words: “${situation}” They asked for ${hardship.requestWords}. ${arrears}` +
      `${hardship.counsellingNote} ${lastContactWords(lastContact)}`,
    subject,
    actions: agreementActions('GeneralContact', { action: 'arrange' }),
    done: null,
  };
}

export function lockedItem(
  subject: WorkSubject,
  lock: { since: LocalDate; reason: string | null },
  lastContact: { at: LocalDate; what: string } | null,
): WorkItem {
  const reason = lock.reason ? `Reason: ${lock.reason.replace(/[.\s]+$/, '')}. ` : '';
  return {
    key: `locked:${subject.agreementId}:${lock.since}`,
    kind: WorkKind.Locked,
    date: lock.since,
    title: `Locked since ${date(lock.since)}`,
    detail: `${reason}No bills are paid while it is locked: review it, then unlock it. ${lastContactWords(lastContact)}`,
    subject,
    actions: agreementActions('LockedAgreementContact'),
    done: null,
  };
}

export function goingShortItem(
  subject: WorkSubject,
  short: { firstShortDate: LocalDate; headline: string; details: readonly string[] },
  lastContact: { at: LocalDate; what: string } | null,
): WorkItem {
  return {
    key: `short:${subject.agreementId}:${short.firstShortDate}`,
    kind: WorkKind.GoingShort,
    date: short.firstShortDate,
    title: short.headline,
    detail: [...short.details, lastContactWords(lastContact)].join(' '),
    subject,
    actions: agreementActions('ShortfallWarning'),
    done: null,
  };
}

/** Whether the first short day falls within the horizon: the at-risk list's own rule (today to `weeks` ahead). */
export { shortWithin } from '../../shared/risk/at-risk.rules.js';

export function failedPaymentItem(
  subject: WorkSubject,
  bill: { billId: number; billerName: string; amount: Cents; dueDate: LocalDate; failed: boolean; onHold: boolean },
): WorkItem {
  const what = bill.failed
    ? `The ${bill.billerName} payment of ${money(bill.amount)} was returned by the biller’s bank`
    : `The ${bill.billerName} bill was only part-paid`;
  const hold = bill.onHold ? ` ${bill.billerName} is on hold until its details are checked.` : '';
  return {
    key: `bill:${bill.billId}:${bill.failed ? 'failed' : 'short'}`,
    kind: WorkKind.FailedPayment,
    date: bill.dueDate,
    title: bill.failed ? `Payment to ${bill.billerName} failed` : `${bill.billerName} bill part-paid`,
    detail: `${what} (bill due ${date(bill.dueDate)}).${hold} The member may need to pay it directly.`,
    subject,
    actions: agreementActions('GeneralContact'),
    done: null,
  };
}

export function reconciliationItem(
  subject: WorkSubject,
  mismatch: { activityId: number; day: LocalDate; sentence: string },
): WorkItem {
  return {
    key: `reconciliation:${mismatch.activityId}`,
    kind: WorkKind.ReconciliationMismatch,
    date: mismatch.day,
    title: `The bank and the ledger disagree (${date(mismatch.day)})`,
    detail: `${mismatch.sentence.replace(/\.$/, '')}. Check the statement, then mark it done.`,
    subject,
    actions: [{ action: 'open' }, { action: 'markDone' }],
    done: null,
  };
}

export function approvalItem(
  subject: WorkSubject | null,
  approval: { approvalId: number; requestedOn: LocalDate; what: string; requestedBy: string | null },
): WorkItem {
  return {
    key: `approval:${approval.approvalId}`,
    kind: WorkKind.ApprovalWaiting,
    date: approval.requestedOn,
    title: `Waiting for a manager: ${approval.what}`,
    detail: `Requested by ${approval.requestedBy ?? 'an agent'} on ${date(approval.requestedOn)}.`,
    subject,
    actions: [{ action: 'approve' }, ...(subject ? [{ action: 'open' } as const] : [])],
    done: null,
  };
}

export function messageItem(
  subject: WorkSubject | null,
  message: {
    notificationId: number;
    queuedOn: LocalDate;
    what: string;
    channel: 'e-mail' | 'text message';
    to: string | null;
    attempts: number;
    error: string | null;
  },
): WorkItem {
  const to = message.to ? ` to ${message.to}` : '';
  return {
    key: `message:${message.notificationId}`,
    kind: WorkKind.MessageNotSent,
    date: message.queuedOn,
    title: `Not sent: ${message.what}`,
    detail:
      `The ${message.channel}${to} queued on ${date(message.queuedOn)} failed after ` +
      `${plural(message.attempts, 'attempt', 'attempts')}: ${message.error ?? 'no reason given'}.`,
    subject,
    actions: [
      { action: 'resend', notificationId: message.notificationId },
      ...(subject ? [{ action: 'open' } as const] : []),
      { action: 'markDone' },
    ],
    done: null,
  };
}

export function noticeFailedItem(
  subject: WorkSubject,
  notice: { noticeId: number; createdOn: LocalDate; what: string; error: string | null },
): WorkItem {
  return {
    key: `notice:${notice.noticeId}`,
    kind: WorkKind.MessageNotSent,
    date: notice.createdOn,
    title: `Not sent: ${notice.what}`,
    detail: `The member was not told on ${date(notice.createdOn)}: ${notice.error ?? 'no reason given'}. Fix the template, or contact the member.`,
    subject,
    actions: agreementActions('GeneralContact'),
    done: null,
  };
}

/** `termEnd`: the member's term-end choice in words (agreement/term-end `termEndChoiceForStaff`). */
export function renewalItem(
  subject: WorkSubject,
  renewal: { endDate: LocalDate; termEnd?: string },
  lastContact: { at: LocalDate; what: string } | null,
): WorkItem {
  const termEnd = renewal.termEnd ? `${renewal.termEnd} ` : '';
  return {
    key: `renewal:${subject.agreementId}:${renewal.endDate}`,
    kind: WorkKind.RenewalDue,
    date: renewal.endDate,
    title: `Ends on ${date(renewal.endDate)}: renewal due`,
    detail: `No renewal is under way. Renew it with the member before it ends. ${termEnd}${lastContactWords(lastContact)}`,
    subject,
    actions: agreementActions('RenewalReminder'),
    done: null,
  };
}

/** An open deposit review (agreement/review): proposed to the member, or the member asked staff about it. */
export function depositReviewItem(
  subject: WorkSubject,
  review: {
    reviewId: number;
    reviewedOn: LocalDate;
    referred: boolean;
    currentDeposit: Cents;
    proposedDeposit: Cents | null;
    summary: string;
  },
): WorkItem {
  const change =
    review.proposedDeposit === null
      ? ''
      : `: ${money(review.currentDeposit)} to ${money(review.proposedDeposit)} a deposit`;
  return {
    key: `review:${review.reviewId}:${review.referred ? 'referred' : 'pending'}`,
    kind: WorkKind.DepositReview,
    date: review.reviewedOn,
    title: review.referred
      ? `The member asked staff about the deposit review of ${date(review.reviewedOn)}${change}`
      : `Deposit review of ${date(review.reviewedOn)} waiting for the member${change}`,
    detail: review.summary,
    subject,
    actions: [{ action: 'open' }, { action: 'markDone' }],
    done: null,
  };
}

/** What an action's button says. */
export function actionLabel(action: WorkAction): string {
  switch (action.action) {
    case 'contact':
      return 'Contact member';
    case 'lock':
      return 'Lock the agreement';
    case 'arrange':
      return 'Record an arrangement';
    case 'approve':
      return 'Decide in the approvals queue';
    case 'resend':
      return 'Resend';
    case 'open':
      return 'Open the agreement';
    case 'markDone':
      return 'Mark done';
  }
}
