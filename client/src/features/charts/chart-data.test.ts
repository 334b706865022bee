import { describe, expect, it } from 'vitest';
import {
  CHART_COLOURS,
  dayTimestamp,
  donutData,
  forecastSeries,
  forecastSummary,
  historySeries,
  sliceColours,
} from './chart-data';

describe('donutData', () => {
  it('keeps the positive allocations with their names', () => {
    expect(
      donutData([
        { categoryName: 'Utilities', amount: '120.50' },
        { categoryName: '', amount: '10' },
        { categoryName: 'Insurance', amount: '0.00' },
        { categoryName: 'Refund', amount: '-5' },
      ]),
    ).toEqual({ labels: ['Utilities', 'Uncategorised'], series: [120.5, 10], total: 130.5 });
  });
});

describe('forecastSeries', () => {
  it('turns days into UTC timestamps and balances into numbers, skipping unreadable points', () => {
    expect(
      forecastSeries([
        { date: '2026-01-02', balance: '-3.50' },
        { date: '2026-01-03', balance: 'n/a' },
      ]),
    ).toEqual([{ x: dayTimestamp('2026-01-02'), y: -3.5 }]);
    expect(dayTimestamp('2026-01-02')).toBe(Date.UTC(2026, 0, 2));
  });
});

describe('forecastSummary', () => {
  it('names the lowest point and the first date it would go short', () => {
    expect(
      forecastSummary({
        lowestPoint: { date: '2026-05-01', balance: '-120' },
        firstDateBelowZero: '2026-04-20',
        firstDateBelowOverdrawLimit: null,
      }),
    ).toEqual(['Lowest point: -$120.00 on 01-05-2026.', 'First date the balance would go short: 20-04-2026.']);
  });

  it('says when the balance never goes short', () => {
    expect(forecastSummary({ lowestPoint: null, firstDateBelowZero: null, firstDateBelowOverdrawLimit: null })).toEqual(
      ['The balance is not expected to go short before the end date.'],
    );
  });
});

describe('historySeries', () => {
  it('lines deposits and bills up by month', () => {
    expect(historySeries([{ month: '2026-01', deposits: '200', bills: '150.25' }])).toEqual({
      months: ['2026-01'],
      deposits: [200],
      bills: [150.25],
    });
  });
});

describe('sliceColours (one colour per slice, never repeated)', () => {
  it.each([0, 1, 10, 11, 13, 24, 40])('%i slices get %i different colours', (count) => {
    const colours = sliceColours(count);
    expect(colours).toHaveLength(count);
    expect(new Set(colours).size).toBe(count);
  });

  it('starts with the palette, as the legend did', () => {
    expect(sliceColours(10)).toEqual(CHART_COLOURS);
  });
});
