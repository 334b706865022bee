import type { LocalDate } from '../shared/local-date.js';
import type { Cents } from '../shared/money.js';

/**
 * "The forecast made on day d for day d+k is the balance reached on day d+k" (issue 25 item 6), as a pure watch:
 * each evening it is shown every agreement's balance and forecast; it keeps, per agreement, the oldest forecast made
 * since the last intervention and yesterday's, and says where the balance reached differs from what they foretold.
 * A bill paid at another amount than its estimate moves what every kept forecast expects by the difference
 * (`billDiffered`); anything else a person or the bank did to the agreement (an early or late payment, a top-up, a
 * missed deposit, a change...) ends its forecasts (`intervened`): the next clean evening starts a new one.
 */

export interface ForecastSeen {
  date: LocalDate;
  balance: Cents;
}

export interface AgreementEvening {
  agreementId: number;
  /** The ledger's total this evening. */
  balance: Cents;
  /**
   * Nothing is overdue, late or on hold and the agreement runs (7): its forecast can be held to. Otherwise its kept
   * forecasts end and none is kept from tonight.
   */
  clean: boolean;
  /** Tonight's forecast (closing balance on the first day and every day something moves), null when none. */
  forecast: { from: LocalDate; until: LocalDate; points: readonly ForecastSeen[] } | null;
}

export interface ForecastMismatch {
  agreementId: number;
  date: LocalDate;
  /** The day the forecast was made. */
  madeOn: LocalDate;
  expected: Cents;
  actual: Cents;
}

interface Kept {
  madeOn: LocalDate;
  until: LocalDate;
  points: readonly ForecastSeen[];
  /** What bills paid at another amount than their estimate have moved it by since. */
  adjustment: number;
}

/** The forecast's closing balance on a day: the last point on or before it. */
export function foretoldOn(points: readonly ForecastSeen[], date: LocalDate): Cents | null {
  let balance: Cents | null = null;
  for (const point of points) {
    if (point.date > date) break;
    balance = point.balance;
  }
  return balance;
}

export class ForecastWatch {
  private readonly kept = new Map<number, Kept[]>();

  /** The agreement's forecasts no longer hold (an action or an event the plan does not foresee). */
  intervened(agreementId: number): void {
    this.kept.delete(agreementId);
  }

  /** A bill was paid on its day for `paid` instead of its estimate `expected`: every kept forecast moves by that. */
  billDiffered(agreementId: number, expected: Cents, paid: Cents): void {
    for (const kept of this.kept.get(agreementId) ?? []) kept.adjustment += expected - paid;
  }

  /** How many agreements have a forecast kept (the run's report says how much was held to account). */
  watched(): number {
    return this.kept.size;
  }

  /**
   * This evening's figures: compares every kept forecast with the balance reached, then keeps tonight's forecast
   * (beside the oldest one) for a clean agreement. Agreements not shown tonight are forgotten.
   */
  evening(date: LocalDate, agreements: readonly AgreementEvening[]): ForecastMismatch[] {
    const mismatches: ForecastMismatch[] = [];
    const shown = new Set<number>();
    for (const agreement of agreements) {
      shown.add(agreement.agreementId);
      const kept = this.kept.get(agreement.agreementId) ?? [];
      if (!agreement.clean || agreement.forecast === null) {
        this.kept.delete(agreement.agreementId);
        continue;
      }
      // Tonight's own first day is this evening's balance: nothing is due or late that it could put there.
      const first = agreement.forecast.from === date ? foretoldOn(agreement.forecast.points, date) : null;
      if (first !== null && first !== agreement.balance) {
        mismatches.push({
          agreementId: agreement.agreementId,
          date,
          madeOn: date,
          expected: first,
          actual: agreement.balance,
        });
      }
      for (const one of kept) {
        if (date > one.until) continue;
        const foretold = foretoldOn(one.points, date);
        if (foretold === null) continue;
        const expected = (foretold + one.adjustment) as Cents;
        if (expected !== agreement.balance) {
          mismatches.push({
            agreementId: agreement.agreementId,
            date,
            madeOn: one.madeOn,
            expected,
            actual: agreement.balance,
          });
        }
      }
      const tonight: Kept = {
        madeOn: date,
        until: agreement.forecast.until,
        points: agreement.forecast.points,
        adjustment: 0,
      };
      // The oldest forecast since the last intervention (the longest k) and tonight's (k = 1 tomorrow).
      const next = kept.length === 0 ? [tonight] : [kept[0], tonight];
      this.kept.set(agreement.agreementId, next);
      // A mismatch ends them: the next clean evening starts again (one disagreement is reported once).
      if (mismatches.some((m) => m.agreementId === agreement.agreementId && m.date === date)) {
        this.kept.set(agreement.agreementId, [tonight]);
      }
    }
    for (const id of [...this.kept.keys()]) if (!shown.has(id)) this.kept.delete(id);
    return mismatches;
  }
}
