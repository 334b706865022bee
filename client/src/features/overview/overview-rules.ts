import { AgreementStatus, type AgreementStatusName } from '@shared/agreement-status.js';
import { codeOf } from '@shared/code-names.js';

/** Upcoming bills: always 6 rows, padded with blank filler rows (spec 1 §9). */
export const UPCOMING_BILL_ROWS = 6;

export type PaddedRow<T> = { kind: 'row'; item: T } | { kind: 'filler'; key: string };

export function padRows<T>(items: readonly T[], size = UPCOMING_BILL_ROWS): PaddedRow<T>[] {
  const rows: PaddedRow<T>[] = items.slice(0, size).map((item) => ({ kind: 'row', item }));
  for (let index = rows.length; index < size; index += 1) rows.push({ kind: 'filler', key: `filler-${index}` });
  return rows;
}

/** Spec 1 §8: a bill list that fails to load. */
export const BILLS_ERROR = 'Could not load bills';

export interface BannerTexts {
  missedDepositBannerMember: string;
  missedDepositBannerStaff: string;
  lockedAgreementBannerMember: string;
  lockedAgreementBannerStaff: string;
}

export interface AgreementBanner {
  kind: 'missedDeposit' | 'locked' | 'preparing';
  title: string;
  text: string;
}

/** A new agreement (0) before it is in place, as a member reads it (its figures are staff's draft, not yet agreed). */
export const PREPARING_BANNER: AgreementBanner = {
  kind: 'preparing',
  title: 'Your agreement is being prepared',
  text:
    'Staff are preparing your new agreement. When it is ready you review and approve it; its deposits, bills and ' +
    'forecast show here once it is in place.',
};

/**
 * The overview's banner: a member's new agreement staff are still preparing (0, not yet sent to the member: staff's
 * draft; the page then shows no forecast, no fixes for a shortfall and no hardship entry, which staff still see; once
 * sent, the change-waiting notice asks the member to review it and the page shows its figures), or the missed-deposit
 * (4) or locked (8) banner from the client settings, in member or staff wording.
 */
export function agreementBanner(
  statusName: AgreementStatusName | null | undefined,
  isStaff: boolean,
  texts: BannerTexts | null | undefined,
  /** Staff sent the agreement to the member to approve (the overview's `agreementChangeWaiting.waitingForMember`). */
  sentToMember = false,
): AgreementBanner | null {
  const status = codeOf(AgreementStatus, statusName);
  if (status === AgreementStatus.PendingApproval && !isStaff && !sentToMember) return PREPARING_BANNER;
  if (!texts) return null;
  if (status === AgreementStatus.MissedDeposit) {
    const text = isStaff ? texts.missedDepositBannerStaff : texts.missedDepositBannerMember;
    return { kind: 'missedDeposit', title: 'Missed deposit', text };
  }
  if (status === AgreementStatus.Locked) {
    const text = isStaff ? texts.lockedAgreementBannerStaff : texts.lockedAgreementBannerMember;
    return { kind: 'locked', title: 'Agreement locked', text };
  }
  return null;
}

/** A duration in days as people say it: in weeks (the deposits step's '{n} week period'), the odd days after. */
export function durationInWeeks(totalDays: number): string {
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  const weeks = Math.floor(totalDays / 7);
  const rest = totalDays % 7;
  if (weeks === 0) return plural(rest, 'day');
  return rest === 0 ? plural(weeks, 'week') : `${plural(weeks, 'week')} and ${plural(rest, 'day')}`;
}

/** The overdraw rule in words (issue 8: in weeks): the rule's duration, or the override when one applies. */
export function overdrawRuleText(rule: {
  overdrawRuleDuration: number;
  overrideOverdrawRule: boolean;
  overrideOverdrawRuleDuration: number | null;
}): string {
  const days = durationInWeeks;
  if (rule.overrideOverdrawRule) {
    return rule.overrideOverdrawRuleDuration === null
      ? 'Overridden'
      : `Overridden: ${days(rule.overrideOverdrawRuleDuration)}`;
  }
  return rule.overdrawRuleDuration > 0 ? days(rule.overdrawRuleDuration) : 'None';
}

/**
 * Where an overview row's Pay leads (issue 8: the overview's bills lead to paying them): an active agreement pays
 * the bill on the pay screen; in Missed Deposit the bill dashboard says what is possible (members are blocked,
 * staff need an approval); otherwise (and for a biller on hold) nothing is offered.
 */
export function overviewPayPath(
  base: string,
  agreementStatus: AgreementStatusName | null | undefined,
  bill: { billId: number; variant: 'bill' | 'allocation'; onHold?: boolean },
): string | null {
  if (bill.onHold) return null;
  const status = codeOf(AgreementStatus, agreementStatus);
  if (status === AgreementStatus.Active) return `${base}/paybill/pay/${bill.billId}/${bill.variant}`;
  if (status === AgreementStatus.MissedDeposit) return `${base}/paybill`;
  return null;
}
