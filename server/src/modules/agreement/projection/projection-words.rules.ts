import { formatDisplayDate, type LocalDate } from '../../../shared/local-date.js';
import { formatCurrency, type Cents } from '../../../shared/money.js';
import { noMoreDepositsNeeded } from '../deposits/deposits.rules.js';
import type { NextDeposit, ProjectedForecast } from './projection.rules.js';

export type VerdictTone = 'onTrack' | 'short' | 'suspended' | 'unknown';

export interface VerdictWords {
  tone: VerdictTone;
  headline: string;
  /** What it means and what avoids it, one sentence each. */
  details: string[];
}

/** What a person reads when the membership was resigned (spec 1 §4). */
const SUSPENDED_DETAIL = 'Activity on this agreement is suspended because the membership has been resigned.';

/**
 * Rule "no next deposit in words": what What's next says when no deposit is still to come (null when one is). A
 * running agreement whose balance covers its bills to the end date needs no more (a modification in the term's last
 * weeks saves a deposit of 0.00): the deposits step's own sentence, `noMoreDepositsNeeded` (agreement/deposits, rule
 * "no more deposits"); one that goes short is told when it ends, the forecast's verdict saying the rest; without a
 * forecast (ended), none is scheduled.
 */
export function noNextDepositWords(nextDeposit: NextDeposit | null, forecast: ProjectedForecast | null): string | null {
  if (nextDeposit) return null;
  if (!forecast) return 'No deposit is scheduled.';
  return forecast.firstShortDate === null
    ? noMoreDepositsNeeded(forecast.until)
    : `No more deposits are scheduled before the agreement ends on ${formatDisplayDate(forecast.until)}.`;
}

/**
 * The forecast's assumption in words, when its first day counts on missed deposits arriving (rule "deposit still
 * asked": the bank asks for them again tonight, as tonight's run shows); null when it counts on none.
 */
export function askedAgainWords(forecast: ProjectedForecast): string | null {
  const asked = forecast.askedAgain;
  if (!asked) return null;
  const what =
    asked.missedDeposits === 1
      ? `the missed deposit of ${formatCurrency(asked.amount)} due on ${formatDisplayDate(asked.since)}`
      : `the ${formatCurrency(asked.amount)} still owed of ${asked.missedDeposits} missed deposits (since ${formatDisplayDate(asked.since)})`;
  const them = asked.missedDeposits === 1 ? 'it' : 'them';
  const arrive = asked.missedDeposits === 1 ? 'it arrives' : 'they arrive';
  return `It counts on ${what} arriving tonight: the bank asks for ${them} again each night until ${arrive}.`;
}

/**
 * Rule "forecast verdict in words" (issue 8 item 7, issue 25 item 3): "On track" to the end date, or "Goes short by $X
 * on DD-MM-YYYY" with the bill that takes it short and the smallest top-up today that avoids it, either saying the
 * missed deposits it counts on arriving tonight (`askedAgainWords`); no forecast for an agreement that has ended;
 * suspended for a resigned membership. The overview, the graphs page and staff read the same
 * words.
 */
export function verdictWords(forecast: ProjectedForecast | null, memberResigned: boolean): VerdictWords {
  if (memberResigned) return { tone: 'suspended', headline: 'Suspended', details: [SUSPENDED_DETAIL] };
  if (!forecast) {
    return {
      tone: 'unknown',
      headline: 'No forecast',
      details: ['There is no forecast for this account: it has no agreement running.'],
    };
  }
  const assumption = askedAgainWords(forecast);
  if (forecast.firstShortDate === null || forecast.firstShortfall === null) {
    return {
      tone: 'onTrack',
      headline: 'On track',
      details: [
        `The balance is forecast to stay at or above zero until the agreement ends on ${formatDisplayDate(forecast.until)}.`,
        ...(assumption ? [assumption] : []),
      ],
    };
  }
  const details: string[] = assumption ? [assumption] : [];
  const bill = forecast.shortBill;
  if (bill) {
    const due = bill.overdue ? 'overdue since' : 'due';
    details.push(
      `${bill.billerName} (${formatCurrency(bill.amount)}, ${due} ${formatDisplayDate(bill.dueDate)}) takes it short.`,
    );
  }
  const lowest = forecast.lowestPoint;
  if (lowest.date !== forecast.firstShortDate && forecast.topUpToAvoid !== null) {
    details.push(
      `At its lowest, on ${formatDisplayDate(lowest.date)}, it is ${formatCurrency(forecast.topUpToAvoid)} short.`,
    );
  }
  if (forecast.beyondApprovedOverdraw) {
    details.push('That is beyond the approved overdraw: bill payments would need a manager’s approval.');
  }
  if (forecast.topUpToAvoid !== null) {
    const deposit =
      forecast.depositToAvoid !== null ? `, or raise each deposit to ${formatCurrency(forecast.depositToAvoid)}` : '';
    details.push(`To avoid it, top up ${formatCurrency(forecast.topUpToAvoid)} today${deposit}.`);
  }
  return {
    tone: 'short',
    headline: `Goes short by ${formatCurrency(forecast.firstShortfall)} on ${formatDisplayDate(forecast.firstShortDate)}`,
    details,
  };
}

export interface ForecastMarks {
  lowestPoint: { date: LocalDate; balance: Cents } | null;
  firstDateBelowZero: LocalDate | null;
  firstDateBelowOverdrawLimit: LocalDate | null;
}

/** The graphs page's forecast in words, for everyone (and for screen readers, who cannot see the chart's marks). */
export function forecastSummaryLines(marks: ForecastMarks): string[] {
  const lines: string[] = [];
  if (marks.lowestPoint) {
    lines.push(
      `Lowest point: ${formatCurrency(marks.lowestPoint.balance)} on ${formatDisplayDate(marks.lowestPoint.date)}.`,
    );
  }
  lines.push(
    marks.firstDateBelowZero
      ? `First date the balance would go short: ${formatDisplayDate(marks.firstDateBelowZero)}.`
      : 'The balance is not expected to go short before the end date.',
  );
  if (marks.firstDateBelowOverdrawLimit) {
    lines.push(`First date below the overdraw limit: ${formatDisplayDate(marks.firstDateBelowOverdrawLimit)}.`);
  }
  return lines;
}
