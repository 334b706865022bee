import { formatDisplayDate, type LocalDate } from '../../../shared/local-date.js';
import { formatCurrency, type Cents } from '../../../shared/money.js';
import { BILLING_FREQUENCY_LABELS, type BillingFrequency } from '../../../shared/bill/billing-frequency.js';
import { ModificationState } from '../../../shared/biller/biller-codes.js';
import { contributionFrequencyLabel } from '../../deposit/index.js';
import { DEPOSITS_MESSAGES } from '../deposits/deposits.rules.js';

/**
 * What a modification or renewal changes, as the member reviews it before approving (issue 26 items 3 and 6) and as
 * its history records it (before → after): the billers and sub-categories added, removed, reinstated and changed,
 * the deposit plan, and whether the member must approve it at all. Pure: the items of the version and of the
 * version in force in, the review out (member-approval/README.md).
 */

/** A biller or sub-category of a version, as far as the member and the review care. */
export interface ReviewItem {
  /** `biller:12` / `subcategory:3`; `previousKey` is the item's key in the version before. */
  key: string;
  previousKey: string | null;
  isSubCategory: boolean;
  modificationState: ModificationState;
  removed: boolean;
  nickname: string;
  expectedBillValue: Cents;
  billingFrequency: number;
  dateOfBill: LocalDate;
  secondDateOfBill: LocalDate | null;
  /** Paid by the member by hand (not automatic, or a sub-category the member pays as it comes). */
  paidByHand: boolean;
  amountVaries: boolean;
  isSeasonBill: boolean;
  peakValue: Cents | null;
  offPeakValue: Cents | null;
  finalBillDate: LocalDate | null;
  /** How it is paid, which staff may correct alone (the member's money does not change). */
  paymentDetails: Readonly<Record<string, string | null>>;
}

/** The deposit plan of a version. */
export interface ReviewPlan {
  startDate: LocalDate;
  endDate: LocalDate;
  depositAmount: Cents;
  contributionFrequency: number;
  contributionDate: LocalDate | null;
  biMonthlyFirstDate: LocalDate | null;
  biMonthlySecondDate: LocalDate | null;
}

export interface FieldChange {
  field: string;
  before: string | null;
  after: string | null;
}

export interface ItemLine {
  name: string;
  amount: Cents;
  frequency: string;
  paidByHand: boolean;
}

export interface ItemChanges {
  name: string;
  changes: FieldChange[];
}

export interface ChangeReview {
  isRenewal: boolean;
  added: ItemLine[];
  removed: ItemLine[];
  reinstated: ItemLine[];
  /** What changed of items kept, field by field (what the member agrees to, then how it is paid). */
  changed: ItemChanges[];
  /** The deposit plan's changes, field by field (empty: deposits as they were). */
  deposit: FieldChange[];
  /** The bills the member pays by hand under the change. */
  paidByHand: ItemLine[];
  /** The change alters what the member agreed to: they approve or decline it; else staff apply it alone. */
  needsMemberApproval: boolean;
}

/**
 * Item fields staff may change alone (DOMAIN.md: how a bill is paid, not what or when): the nickname, the payment
 * details (BPAY code and reference, BSB, account, name, reference, direct-debit account) and the bill's reminder.
 * Any other field — amount, frequency, dates, season, variable amount, final bill, automatic or by hand — changes
 * what the member pays and when: the member approves.
 */
export const STAFF_ALONE_FIELDS = ['Nickname', 'Payment details', 'Reminder'] as const;

const money = (amount: Cents | null): string | null => (amount === null ? null : formatCurrency(amount));
const date = (value: LocalDate | null): string | null => (value === null ? null : formatDisplayDate(value));
const billFrequency = (code: number): string => BILLING_FREQUENCY_LABELS[code as BillingFrequency] ?? `code ${code}`;
const depositFrequency = (code: number): string => contributionFrequencyLabel(code, `code ${code}`);

/** An item's fields as the member reads them; the keys are what the history shows. */
function memberFields(item: ReviewItem): Record<string, string | null> {
  return {
    'Bill amount': money(item.expectedBillValue),
    Frequency: billFrequency(item.billingFrequency),
    'Date of bill': date(item.dateOfBill),
    'Second date of bill': date(item.secondDateOfBill),
    'Amount varies': item.amountVaries ? 'Yes' : 'No',
    'Seasonal bill': item.isSeasonBill ? 'Yes' : 'No',
    'Peak amount': money(item.peakValue),
    'Off-peak amount': money(item.offPeakValue),
    'Final bill date': date(item.finalBillDate),
    'Paid by': item.paidByHand ? 'the member, by hand' : 'the agreement, automatically',
  };
}

function staffFields(item: ReviewItem): Record<string, string | null> {
  return { Nickname: item.nickname, ...item.paymentDetails };
}

function differences(before: Record<string, string | null>, after: Record<string, string | null>): FieldChange[] {
  return Object.keys({ ...before, ...after })
    .filter((field) => (before[field] ?? null) !== (after[field] ?? null))
    .map((field) => ({ field, before: before[field] ?? null, after: after[field] ?? null }));
}

const line = (item: ReviewItem): ItemLine => ({
  name: item.nickname,
  amount: item.expectedBillValue,
  frequency: billFrequency(item.billingFrequency),
  paidByHand: item.paidByHand,
});

/** The deposit plan as the member reads it. */
function planFields(plan: ReviewPlan): Record<string, string | null> {
  // A deposit of 0.00: the balance covers the rest of the term (rule "no more deposits"), no date to collect on.
  const none = plan.depositAmount === 0;
  return {
    'Deposit amount': none ? DEPOSITS_MESSAGES.noMoreDepositsShort : money(plan.depositAmount),
    'Deposit frequency': depositFrequency(plan.contributionFrequency),
    'Deposit date': none ? null : date(plan.contributionDate),
    'First bi-monthly date': date(plan.biMonthlyFirstDate),
    'Second bi-monthly date': date(plan.biMonthlySecondDate),
    'Start date': date(plan.startDate),
    'End date': date(plan.endDate),
  };
}

/**
 * The review of a change: `items` of the version reviewed, `previousItems` of the version in force (by id), both
 * plans. A renewal always needs the member (a new period); a modification does when anything but the staff-alone
 * fields changed.
 */
export function reviewChange(input: {
  isRenewal: boolean;
  items: readonly ReviewItem[];
  /** The version in force's items by key. */
  previousItems: ReadonlyMap<string, ReviewItem>;
  plan: ReviewPlan;
  previousPlan: ReviewPlan;
}): ChangeReview {
  const added: ItemLine[] = [];
  const removed: ItemLine[] = [];
  const reinstated: ItemLine[] = [];
  const changed: ItemChanges[] = [];
  let memberFieldChanged = false;
  for (const item of input.items) {
    const before = item.previousKey === null ? undefined : input.previousItems.get(item.previousKey);
    if (!before || item.modificationState === ModificationState.New) {
      if (!item.removed) added.push(line(item));
      continue;
    }
    if (item.removed && !before.removed) {
      removed.push(line(before));
      continue;
    }
    if (!item.removed && before.removed) {
      reinstated.push(line(item));
      continue;
    }
    if (item.removed) continue;
    const ofMember = differences(memberFields(before), memberFields(item));
    const ofStaff = differences(staffFields(before), staffFields(item));
    if (ofMember.length > 0) memberFieldChanged = true;
    if (ofMember.length + ofStaff.length > 0) {
      changed.push({ name: before.nickname, changes: [...ofMember, ...ofStaff] });
    }
  }
  const deposit = differences(planFields(input.previousPlan), planFields(input.plan));
  const paidByHand = input.items.filter((item) => !item.removed && item.paidByHand).map(line);
  const needsMemberApproval =
    input.isRenewal ||
    added.length + removed.length + reinstated.length > 0 ||
    memberFieldChanged ||
    deposit.length > 0;
  return {
    isRenewal: input.isRenewal,
    added,
    removed,
    reinstated,
    changed,
    deposit,
    paidByHand,
    needsMemberApproval,
  };
}

/**
 * The change as its history records it (the activity's details, read by activity/modification-diff.ts): before →
 * after for each changed field, biller and deposit; the names of what was added, removed and reinstated.
 */
export function changeDetails(review: ChangeReview): Record<string, unknown> {
  const details: Record<string, unknown> = {};
  const names = (lines: ItemLine[]) => lines.map((l) => `${l.name} (${money(l.amount)} ${l.frequency})`);
  if (review.added.length > 0) details.billersAdded = names(review.added);
  if (review.removed.length > 0) details.billersRemoved = names(review.removed);
  if (review.reinstated.length > 0) details.billersReinstated = names(review.reinstated);
  for (const item of review.changed) {
    details[item.name] = Object.fromEntries(
      item.changes.map((change) => [change.field, { before: change.before, after: change.after }]),
    );
  }
  for (const change of review.deposit) details[change.field] = { before: change.before, after: change.after };
  return details;
}

/** What the overview says of a version on its way (ChangeWaitingNotice shows it, with its link to the review). */
export function waitingMessage(kind: 'new' | 'renewal' | 'change', sent: boolean, staff: boolean): string {
  if (kind === 'new') {
    if (!sent) return 'A new agreement is being prepared by staff; not sent to the member yet.';
    return staff
      ? 'The new agreement waits for the member’s approval.'
      : 'Your new agreement waits for your approval. Please review it, then approve it.';
  }
  const renewal = kind === 'renewal';
  if (!sent) return `${renewal ? 'A renewal is' : 'Changes are'} being prepared by staff; not sent to the member yet.`;
  if (staff) return `${renewal ? 'The renewal waits' : 'The changes wait'} for the member’s approval.`;
  return (
    `${renewal ? 'The renewal of your agreement waits' : 'Changes to your agreement wait'} for your approval. ` +
    `Please review ${renewal ? 'it' : 'them'}, then approve or decline.`
  );
}
