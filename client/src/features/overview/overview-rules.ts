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

/** Agreement status codes the overview reacts to (spec 1 §4). */
export const AGREEMENT_STATUS = {
  missedDeposit: 4,
  active: 7,
  locked: 8,
} as const;

export interface BannerTexts {
  missedDepositBannerMember: string;
  missedDepositBannerStaff: string;
  lockedAgreementBannerMember: string;
  lockedAgreementBannerStaff: string;
}

export interface AgreementBanner {
  kind: 'missedDeposit' | 'locked';
  title: string;
  text: string;
}

/** The missed-deposit (4) or locked (8) banner from the client settings, in member or staff wording. */
export function agreementBanner(
  status: number | null | undefined,
  isStaff: boolean,
  texts: BannerTexts | null | undefined,
): AgreementBanner | null {
  if (!texts) return null;
  if (status === AGREEMENT_STATUS.missedDeposit) {
    const text = isStaff ? texts.missedDepositBannerStaff : texts.missedDepositBannerMember;
    return { kind: 'missedDeposit', title: 'Missed deposit', text };
  }
  if (status === AGREEMENT_STATUS.locked) {
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

/** Unpaid bill statuses: 1 and 4 overdue, 6 upcoming (spec 1 §9). */
const UNPAID = new Set([1, 4, 6]);

/**
 * Where an overview row's Pay leads (issue 8: the overview's bills lead to paying them): an active agreement pays
 * the bill on the pay screen; in Missed Deposit the bill dashboard says what is possible (members are blocked,
 * staff need an approval); otherwise (and for a biller on hold) nothing is offered.
 */
export function overviewPayPath(
  base: string,
  agreementStatus: number | null | undefined,
  bill: { billId: number; variant: 'bill' | 'allocation'; onHold?: boolean },
): string | null {
  if (bill.onHold) return null;
  if (agreementStatus === AGREEMENT_STATUS.active) return `${base}/paybill/pay/${bill.billId}/${bill.variant}`;
  if (agreementStatus === AGREEMENT_STATUS.missedDeposit) return `${base}/paybill`;
  return null;
}

/** A biller's next bill to pay: its earliest unpaid bill (none when all are paid). */
export function nextUnpaidBill<T extends { billId: number; dueDate: string; status: number }>(
  bills: readonly T[],
): T | null {
  return (
    [...bills].filter((bill) => UNPAID.has(bill.status)).sort((a, b) => a.dueDate.localeCompare(b.dueDate))[0] ?? null
  );
}
