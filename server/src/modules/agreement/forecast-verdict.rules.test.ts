import { describe, expect, it } from 'vitest';
import { addDays, parseLocalDate, type LocalDate } from '../../common/local-date.js';
import { cents } from '../../common/money.js';
import { forecastVerdict } from './forecast-verdict.rules.js';

const TODAY = parseLocalDate('2026-11-23');

function curve(balances: number[], from: LocalDate = TODAY) {
  return balances.map((balance, i) => ({ date: addDays(from, i), balance: cents(balance) }));
}

const base = {
  today: TODAY,
  approvedOverdraw: cents(5_000),
  depositAmount: cents(10_000),
  minimum: { reachable: true as const, amount: cents(12_000), bindingDate: null },
};

describe('forecastVerdict (the home page’s: on track, or when it goes short and the top-up that avoids it)', () => {
  it('is on track when no day closes below zero, until the last day', () => {
    expect(forecastVerdict({ ...base, days: curve([100, 0, 50, 0]) })).toEqual({
      onTrack: true,
      until: addDays(TODAY, 3),
      firstShortDate: null,
      firstShortfall: null,
      lowestPoint: null,
      topUpToAvoid: null,
      depositToAvoid: null,
      beyondApprovedOverdraw: false,
    });
  });

  it.each([
    ['short on day 2, deeper on day 3', [100, 0, -2_500, -4_000, 1_000], 2, 2_500, 3, 4_000, false],
    ['short only on the last day', [0, 0, 0, -1], 3, 1, 3, 1, false],
    ['short beyond the approved overdraw', [0, -5_001, -10], 1, 5_001, 1, 5_001, true],
    ['exactly the approved overdraw is within it', [0, -5_000], 1, 5_000, 1, 5_000, false],
    ['equal lowest points: the earliest', [-300, 0, -300], 0, 300, 0, 300, false],
  ])('%s', (_, balances, firstDay, firstShortfall, lowestDay, depth, beyond) => {
    expect(forecastVerdict({ ...base, days: curve(balances) })).toEqual({
      onTrack: false,
      until: addDays(TODAY, balances.length - 1),
      firstShortDate: addDays(TODAY, firstDay),
      firstShortfall,
      lowestPoint: { date: addDays(TODAY, lowestDay), balance: -depth },
      topUpToAvoid: depth,
      depositToAvoid: 12_000,
      beyondApprovedOverdraw: beyond,
    });
  });

  it('looks from today to the very last day of a long forecast (not a horizon of weeks)', () => {
    const balances = Array.from({ length: 400 }, (_, i) => (i === 399 ? -700 : 100));
    expect(forecastVerdict({ ...base, days: curve(balances) })).toMatchObject({
      firstShortDate: addDays(TODAY, 399),
      topUpToAvoid: 700,
    });
  });

  it('ignores days before today, and offers no deposit when raising it cannot help', () => {
    const days = curve([-9_000, 50, -20], addDays(TODAY, -1));
    const unreachable = { reachable: false as const, date: TODAY, topUpNeeded: cents(20) };
    expect(forecastVerdict({ ...base, days, minimum: unreachable })).toMatchObject({
      firstShortDate: addDays(TODAY, 1),
      topUpToAvoid: 20,
      depositToAvoid: null,
    });
  });

  it('is on track for an empty forecast', () => {
    expect(forecastVerdict({ ...base, days: [] })).toMatchObject({ onTrack: true, until: null });
  });
});
