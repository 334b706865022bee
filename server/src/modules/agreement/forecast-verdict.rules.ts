import { daysBetween, type LocalDate } from '../../common/local-date.js';
import { cents, type Cents } from '../../common/money.js';
import type { BalancePoint } from '../deposit/cash-flow.rules.js';
import type { MinimumDeposit } from '../deposit/deposit-calculator.rules.js';
import { assessRisk, RiskLevel } from '../risk/at-risk.rules.js';

export interface VerdictInput {
  /** The agreement's forecast: closing balance per day from today (or its start) to its end date. */
  days: readonly BalancePoint[];
  today: LocalDate;
  approvedOverdraw: Cents;
  depositAmount: Cents;
  /** The smallest deposit that never goes short over the whole period (the calculator's). */
  minimum: MinimumDeposit;
}

export interface ForecastVerdictFacts {
  /** Never below zero from today to the end date. */
  onTrack: boolean;
  /** The last day forecast (the agreement's end date), null for an empty forecast. */
  until: LocalDate | null;
  /** The first day that closes below zero. */
  firstShortDate: LocalDate | null;
  /** How far below zero that first short day closes. */
  firstShortfall: Cents | null;
  /** The lowest closing balance when it goes short (earliest day on ties). */
  lowestPoint: BalancePoint | null;
  /** The smallest top-up today that keeps every day at zero or above. */
  topUpToAvoid: Cents | null;
  /** The deposit that never goes short, when raising the deposit can avoid it. */
  depositToAvoid: Cents | null;
  /** The lowest point is beyond the approved overdraw (payments will need a manager). */
  beyondApprovedOverdraw: boolean;
}

/**
 * The forecast's verdict for the member's home (issue 8 item 7): on track, or the first day it goes short and
 * the top-up that avoids it. It is the at-risk worklist's rule (`assessRisk`) with the horizon stretched to the
 * forecast's last day, so the overview, the graphs page and the worklist can never disagree on the figure.
 */
export function forecastVerdict(input: VerdictInput): ForecastVerdictFacts {
  const last = input.days.at(-1);
  const until = last?.date ?? null;
  const weeks = last ? Math.max(1, Math.ceil((daysBetween(input.today, last.date) + 1) / 7)) : 1;
  const risk = assessRisk({ ...input, weeks });
  if (!risk) {
    return {
      onTrack: true,
      until,
      firstShortDate: null,
      firstShortfall: null,
      lowestPoint: null,
      topUpToAvoid: null,
      depositToAvoid: null,
      beyondApprovedOverdraw: false,
    };
  }
  const first = input.days.find((day) => day.date === risk.firstShortDate)!;
  return {
    onTrack: false,
    until,
    firstShortDate: risk.firstShortDate,
    firstShortfall: cents(-first.balance),
    lowestPoint: risk.lowestPoint,
    topUpToAvoid: risk.topUpToAvoid,
    depositToAvoid: risk.depositToAvoid,
    beyondApprovedOverdraw: risk.level === RiskLevel.BeyondApprovedOverdraw,
  };
}
