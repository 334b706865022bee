import { noNextDepositWords } from './projection/projection-words.rules.js';
import { formatDisplayDate, type LocalDate } from '../../shared/local-date.js';
import { BILL_STATUS_LABELS, BillStatus, currentBillStatus, isNothingPaid, isPayableNow } from '../bill/index.js';
import { BILLING_FREQUENCY_LABELS, type BillingFrequency } from '../../shared/bill/billing-frequency.js';
import { paymentMethodName } from '../../shared/bill/payment-method.js';
import { BillerStatus } from '../../shared/biller/biller-codes.js';
import { contributionFrequencyLabel } from '../deposit/index.js';
import type { AgreementFacts } from './agreement-facts.js';
import { isRenewalOf } from './lifecycle/lifecycle.rules.js';
import type { AgreementProjection } from './projection/projection.rules.js';
import type { BillerFacts, BillFacts } from './agreement-billers.js';
import { AgreementStatus } from './agreement-status.js';
import type { AgreementSummary, BillerOnHold, OverviewBill, OverviewBiller } from './agreement-summary.types.js';

/** Names the screens show for each agreement status (spec 1 §4 and DOMAIN.md's codes). */
export const AGREEMENT_STATUS_NAMES: Readonly<Record<AgreementStatus, string>> = {
  [AgreementStatus.PendingApproval]: 'Pending approval',
  [AgreementStatus.Approved]: 'Approved',
  [AgreementStatus.Queued]: 'Queued',
  [AgreementStatus.InProgress]: 'In progress',
  [AgreementStatus.MissedDeposit]: 'Missed Deposit',
  [AgreementStatus.Expired]: 'Expired',
  [AgreementStatus.Cancelled]: 'Cancelled',
  [AgreementStatus.Active]: 'Active',
  [AgreementStatus.Locked]: 'Locked',
  [AgreementStatus.ModificationPendingApproval]: 'Modification pending approval',
  [AgreementStatus.Renewed]: 'Renewed',
};

/** What replaced a version in status 10: DOMAIN.md gives a renewal and a modification that took effect one code. */
export type Replacement = 'renewal' | 'modification';

export const REPLACED_BY_MODIFICATION = 'Replaced by a modification';

/**
 * Rule "renewed or replaced": the version that took over from this one renewed it when it starts after this one's end
 * (lifecycle's isRenewalOf, the rule the change applier goes by), else a modification replaced it. None: unknown.
 */
export function replacementOf(
  version: { endDate: LocalDate },
  successor: { startDate: LocalDate } | null,
): Replacement | null {
  if (successor === null) return null;
  return isRenewalOf(successor, version) ? 'renewal' : 'modification';
}

/** The status's name; a version in status 10 a modification replaced says so, not "Renewed". */
export function agreementStatusName(status: number, replacement: Replacement | null = null): string {
  if (status === AgreementStatus.Renewed && replacement === 'modification') return REPLACED_BY_MODIFICATION;
  return (AGREEMENT_STATUS_NAMES as Readonly<Record<number, string>>)[status] ?? 'Unknown';
}

/** What a person reads when the membership was resigned: activity on the agreement is suspended (spec 1 §4). */
export const RESIGNED_STANDING = 'Suspended: membership resigned';

/**
 * The standing people read for an account, in one place for the account list, the overview's summary and the bill
 * dashboard (issue 8 item 4): the agreement's own status name (an approved agreement that has not started reads
 * "Approved", never "Active"), unless the membership was resigned, which suspends activity whatever the status.
 */
export function accountStandingName(
  status: number | null | undefined,
  memberResigned: boolean,
  replacement: Replacement | null = null,
): string {
  if (memberResigned) return RESIGNED_STANDING;
  return status === null || status === undefined ? 'No agreement' : agreementStatusName(status, replacement);
}

/** How a standing reads at a glance (the status badge's colour): running well, needs attention, blocked, or neither. */
export type StandingTone = 'ok' | 'warning' | 'danger' | 'neutral';

/**
 * Rule "standing tone" (issue 25, seen 3: a resigned member's agreement showed a green badge): active is ok, missed
 * deposit or a resigned membership needs attention, locked is blocked, anything else (pending, ended) neither.
 */
export function standingTone(status: number | null | undefined, memberResigned: boolean): StandingTone {
  if (memberResigned) return 'warning';
  if (status === AgreementStatus.Active) return 'ok';
  if (status === AgreementStatus.MissedDeposit) return 'warning';
  if (status === AgreementStatus.Locked) return 'danger';
  return 'neutral';
}

export function contributionFrequencyName(code: number): string {
  return contributionFrequencyLabel(code, 'Unknown');
}

/**
 * Spec 1 §4, word for word; the date as DD-MM-YYYY. The summary's billers on hold, the refused payment
 * (payment.rules.ts) and the failed payment's activity (core-banking/payment-windows.ts) all say it.
 */
export function billerOnHoldMessage(billerName: string, date: LocalDate | null): string {
  return `${billerName} bill paid on the ${date ? formatDisplayDate(date) : ''} has failed and has been placed on hold awaiting resolution`;
}

/** Billers on hold (status 5) with the failed bill's date: the biller's own, else its latest failed bill's. */
export function billersOnHold(billers: readonly BillerFacts[], bills: readonly BillFacts[]): BillerOnHold[] {
  const lastFailed = new Map<string, LocalDate>();
  for (const bill of bills) if (bill.status === BillStatus.Failed) lastFailed.set(bill.sourceKey, bill.dueDate);
  return billers
    .filter((biller) => !biller.isSubCategory && biller.status === BillerStatus.OnHold)
    .map((biller) => {
      const date = biller.onHoldDate ?? lastFailed.get(biller.key) ?? biller.dateOfBill;
      return {
        billerId: biller.id,
        billerName: biller.nickname,
        date,
        message: billerOnHoldMessage(biller.nickname, date),
      };
    });
}

/** The contract summary; its figures (balances, next deposit) are the agreement's projection's. */
export function toAgreementSummary(
  agreement: AgreementFacts,
  projection: Pick<AgreementProjection, 'balances' | 'nextDeposit' | 'forecast'>,
  onHold: BillerOnHold[],
  memberResigned = false,
  replacement: Replacement | null = null,
): AgreementSummary {
  return {
    contractId: agreement.id,
    status: agreement.status,
    statusName: accountStandingName(agreement.status, memberResigned, replacement),
    statusTone: standingTone(agreement.status, memberResigned),
    billersOnHold: onHold,
    contributionFrequency: agreement.contributionFrequency,
    contributionFrequencyName: contributionFrequencyName(agreement.contributionFrequency),
    depositAmount: agreement.depositAmount,
    nextDepositAmount: projection.nextDeposit?.amount ?? null,
    nextDepositDate: projection.nextDeposit?.date ?? null,
    // A deposit of 0.00 with none to come (a modification in the term's last weeks): the words, never a bare $0.00.
    depositWords:
      agreement.depositAmount === 0 ? noNextDepositWords(projection.nextDeposit, projection.forecast) : null,
    overdrawRuleDuration: agreement.overdrawRuleDurationDays,
    overrideOverdrawRule: agreement.overrideOverdrawRule,
    overrideOverdrawRuleDuration: agreement.overrideOverdrawRuleDurationDays,
    startDate: agreement.startDate,
    endDate: agreement.endDate,
    balances: { ...projection.balances },
  };
}

function overviewBill(bill: BillFacts, today: LocalDate): OverviewBill {
  const status = currentBillStatus(bill, today);
  const paid = bill.paidAmount !== 0 || bill.paidDate !== null;
  return {
    billId: bill.id,
    dueDate: bill.dueDate,
    amount: bill.expectedAmount,
    status,
    statusName: BILL_STATUS_LABELS[status] ?? 'Unknown',
    paidAmount: paid ? bill.paidAmount : null,
    paidDate: bill.paidDate,
  };
}

/** Bills grouped by their biller's or sub-category's key, keeping the due-date order they came in. */
export function billsBySource(bills: readonly BillFacts[]): Map<string, BillFacts[]> {
  const grouped = new Map<string, BillFacts[]>();
  for (const bill of bills) {
    const list = grouped.get(bill.sourceKey);
    if (list) list.push(bill);
    else grouped.set(bill.sourceKey, [bill]);
  }
  return grouped;
}

export function overviewBiller(biller: BillerFacts, bills: readonly BillFacts[], today: LocalDate): OverviewBiller {
  const views = bills.map((bill) => overviewBill(bill, today));
  const next = views.find((bill) => isNothingPaid(bill.status));
  return {
    billerId: biller.id,
    isSubCategory: biller.isSubCategory,
    nickname: biller.nickname,
    categoryName: biller.categoryName,
    paymentType: paymentMethodName(biller.paymentMethod, biller.isSubCategory),
    frequency: biller.frequency,
    frequencyName: BILLING_FREQUENCY_LABELS[biller.frequency as BillingFrequency] ?? 'Unknown',
    // The amount its next bill is expected at (a season bill's peak or off-peak value, as the bills due say), else
    // the biller's own estimate (issue 25, seen 3: $420 beside a $380 bill).
    amount: next?.amount ?? biller.newEstimate ?? biller.expectedBillValue,
    onHold: biller.status === BillerStatus.OnHold,
    nextDueDate: next?.dueDate ?? null,
    payBillId: views.find((bill) => isPayableNow(bill.status))?.billId ?? null,
    bills: views,
  };
}

/** The billers paid automatically, and those paid by hand (billers, then sub-categories). */
export function splitBillers(
  billers: readonly BillerFacts[],
  bills: readonly BillFacts[],
  today: LocalDate,
): { auto: OverviewBiller[]; manual: OverviewBiller[] } {
  const grouped = billsBySource(bills);
  const auto: OverviewBiller[] = [];
  const manual: OverviewBiller[] = [];
  for (const biller of billers) {
    const view = overviewBiller(biller, grouped.get(biller.key) ?? [], today);
    (biller.isAutoPayment && !biller.isSubCategory ? auto : manual).push(view);
  }
  return { auto, manual };
}
