import { describe, expect, it } from 'vitest';
import { cents, ZERO } from '../../shared/money.js';
import { parseLocalDate } from '../../shared/local-date.js';
import type { ExpectedBill } from '../../shared/deposit/cash-flow.rules.js';
import { forecastBalances, forecastWindow, type ForecastInput } from './forecast.rules.js';

const d = parseLocalDate;
const bill = (date: string, amount: number): ExpectedBill => ({
  billerKey: 'insurance',
  label: 'Insurance',
  date: d(date),
  amount: cents(amount),
  contingency: ZERO,
});

const base: ForecastInput = {
  startDate: d('2026-03-01'),
  endDate: d('2026-03-10'),
  today: d('2026-02-15'),
  openingBalance: ZERO,
  depositDates: [d('2026-03-01'), d('2026-03-06')],
  depositAmount: cents(1000),
  bills: [],
  overdrawLimit: cents(500),
};

describe('forecastWindow (graphs page: from the start or today to the end date)', () => {
  it.each([
    ['a new agreement starts on its start date', '2026-02-15', '2026-03-01'],
    ['a running agreement starts today', '2026-03-04', '2026-03-04'],
    ['an expired agreement shows its end date', '2026-04-01', '2026-03-10'],
  ])('%s', (_, today, from) => {
    expect(forecastWindow(d('2026-03-01'), d('2026-03-10'), d(today))).toEqual({ from, to: '2026-03-10' });
  });
});

describe('forecastBalances (graphs page series)', () => {
  it('gives one balance per day and the first dates below zero and below the overdraw limit', () => {
    const forecast = forecastBalances({ ...base, bills: [bill('2026-03-03', 1200), bill('2026-03-08', 1600)] });
    expect(forecast.days).toHaveLength(10);
    expect(forecast.days.slice(0, 4).map((day) => day.balance)).toEqual([1000, 1000, -200, -200]);
    expect(forecast).toMatchObject({
      firstDateBelowZero: '2026-03-03',
      firstDateBelowOverdrawLimit: '2026-03-08',
      lowestPoint: { date: '2026-03-08', balance: -800 },
    });
  });

  it('gives null dates when the balance never goes below zero', () => {
    const forecast = forecastBalances({ ...base, bills: [bill('2026-03-03', 1000)] });
    expect(forecast).toMatchObject({
      firstDateBelowZero: null,
      firstDateBelowOverdrawLimit: null,
      lowestPoint: { date: '2026-03-03', balance: 0 },
    });
  });

  it('starts today for a running agreement, with overdue bills due on the first day', () => {
    const forecast = forecastBalances({
      ...base,
      today: d('2026-03-05'),
      openingBalance: cents(300),
      bills: [bill('2026-03-03', 1000)],
    });
    expect(forecast.window.from).toBe('2026-03-05');
    expect(forecast.days.map((day) => day.balance)).toEqual([-700, 300, 300, 300, 300, 300]);
    expect(forecast.firstDateBelowOverdrawLimit).toBe('2026-03-05');
  });
});
