import { formatDate } from '../../shared/dates';
import { formatMoney, type MoneyValue } from '../../shared/money';

export interface VerdictInput {
  onTrack: boolean;
  until?: string | null;
  firstShortDate?: string | null;
  firstShortfall?: MoneyValue | null;
  lowestPoint?: { date: string; balance: MoneyValue } | null;
  topUpToAvoid?: MoneyValue | null;
  depositToAvoid?: MoneyValue | null;
  beyondApprovedOverdraw: boolean;
}

export interface VerdictWords {
  tone: 'onTrack' | 'short' | 'unknown';
  headline: string;
  /** What it means and what avoids it, one sentence each. */
  details: string[];
}

/**
 * The forecast's verdict in words, for the overview and the graphs page alike (issue 8 item 7): "On track", or
 * "Goes short by $X on D-M-Y" with the smallest top-up today that avoids it. The figures are the server's.
 */
export function verdictWords(verdict: VerdictInput | null | undefined): VerdictWords {
  if (!verdict) {
    return {
      tone: 'unknown',
      headline: 'No forecast yet',
      details: ['There is no forecast for this account until its agreement is set up.'],
    };
  }
  if (verdict.onTrack || !verdict.firstShortDate) {
    return {
      tone: 'onTrack',
      headline: 'On track',
      details: [
        verdict.until
          ? `The balance is forecast to stay at or above zero until the agreement ends on ${formatDate(verdict.until)}.`
          : 'The balance is forecast to stay at or above zero.',
      ],
    };
  }
  const details: string[] = [];
  const lowest = verdict.lowestPoint;
  if (lowest && lowest.date !== verdict.firstShortDate) {
    details.push(`At its lowest, on ${formatDate(lowest.date)}, it is ${formatMoney(verdict.topUpToAvoid)} short.`);
  }
  if (verdict.beyondApprovedOverdraw) {
    details.push('That is beyond the approved overdraw: bill payments would need a manager’s approval.');
  }
  if (verdict.topUpToAvoid) {
    const deposit = verdict.depositToAvoid ? `, or raise each deposit to ${formatMoney(verdict.depositToAvoid)}` : '';
    details.push(`To avoid it, top up ${formatMoney(verdict.topUpToAvoid)} today${deposit}.`);
  }
  return {
    tone: 'short',
    headline: `Goes short by ${formatMoney(verdict.firstShortfall)} on ${formatDate(verdict.firstShortDate)}`,
    details,
  };
}
