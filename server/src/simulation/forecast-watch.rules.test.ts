import { describe, expect, it } from 'vitest';
import type { LocalDate } from '../shared/local-date.js';
import type { Cents } from '../shared/money.js';
import { ForecastWatch, type AgreementEvening } from './forecast-watch.rules.js';

const d = (day: number) => `2027-01-${String(day).padStart(2, '0')}` as LocalDate;
const c = (n: number) => n as Cents;

/** An evening of agreement 1: its balance, and a forecast of closing balances from that day. */
function evening(day: number, balance: number, points: [number, number][], clean = true): AgreementEvening {
  return {
    agreementId: 1,
    balance: c(balance),
    clean,
    forecast: { from: d(day), until: d(31), points: points.map(([p, b]) => ({ date: d(p), balance: c(b) })) },
  };
}

describe('ForecastWatch', () => {
  it('holds the forecast made on day d to the balance reached on day d+k', () => {
    const watch = new ForecastWatch();
    expect(
      watch.evening(d(1), [
        evening(1, 100, [
          [1, 100],
          [3, 50],
          [5, 150],
        ]),
      ]),
    ).toEqual([]);
    expect(
      watch.evening(d(2), [
        evening(2, 100, [
          [2, 100],
          [3, 50],
          [5, 150],
        ]),
      ]),
    ).toEqual([]);
    expect(
      watch.evening(d(3), [
        evening(3, 50, [
          [3, 50],
          [5, 150],
        ]),
      ]),
    ).toEqual([]);
    // Day 5: 140 reached where both kept forecasts said 150.
    expect(watch.evening(d(5), [evening(5, 140, [[5, 140]])])).toEqual([
      { agreementId: 1, date: d(5), madeOn: d(1), expected: c(150), actual: c(140) },
      { agreementId: 1, date: d(5), madeOn: d(3), expected: c(150), actual: c(140) },
    ]);
  });

  it('moves the kept forecasts by exactly what a bill paid at another amount differs from its estimate', () => {
    const watch = new ForecastWatch();
    watch.evening(d(1), [
      evening(1, 100, [
        [1, 100],
        [3, 50],
      ]),
    ]);
    watch.billDiffered(1, c(50), c(40)); // paid 40 for a bill estimated at 50: 10 more left
    expect(watch.evening(d(3), [evening(3, 60, [[3, 60]])])).toEqual([]);
  });

  it('says when tonight’s forecast does not start from tonight’s balance', () => {
    const watch = new ForecastWatch();
    expect(watch.evening(d(1), [evening(1, 100, [[1, 90]])])).toEqual([
      { agreementId: 1, date: d(1), madeOn: d(1), expected: c(90), actual: c(100) },
    ]);
  });

  it('ends the forecasts of an agreement someone intervened in, or that is not clean', () => {
    const watch = new ForecastWatch();
    watch.evening(d(1), [
      evening(1, 100, [
        [1, 100],
        [3, 50],
      ]),
    ]);
    watch.intervened(1);
    expect(watch.evening(d(3), [evening(3, 70, [[3, 70]])])).toEqual([]);
    watch.evening(d(4), [
      evening(4, 70, [
        [4, 70],
        [6, 20],
      ]),
    ]);
    expect(watch.evening(d(5), [evening(5, 70, [], false)])).toEqual([]);
    expect(watch.watched()).toBe(0);
  });
});
