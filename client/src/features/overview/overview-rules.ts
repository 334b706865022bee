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

/** The overdraw rule in words: the rule's duration, or the override when one applies. */
export function overdrawRuleText(rule: {
  overdrawRuleDuration: number;
  overrideOverdrawRule: boolean;
  overrideOverdrawRuleDuration: number | null;
}): string {
  const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;
  if (rule.overrideOverdrawRule) {
    return rule.overrideOverdrawRuleDuration === null
      ? 'Overridden'
      : `Overridden: ${days(rule.overrideOverdrawRuleDuration)}`;
  }
  return rule.overdrawRuleDuration > 0 ? days(rule.overdrawRuleDuration) : 'None';
}
