import { formatDate } from '../../shared/dates';
import { formatMoney, moneyToNumber, type MoneyValue } from '../../shared/money';

/** Colours with enough contrast on white, in the brand's family first. */
export const CHART_COLOURS = [
  '#1d5189',
  '#2f855a',
  '#c05621',
  '#6b46c1',
  '#b7791f',
  '#2c7a7b',
  '#c53030',
  '#4a5568',
  '#97266d',
  '#2b6cb0',
];

/**
 * One colour per slice, never the same twice (issue 8 item 8: the 11th slice took the first one's colour): the palette
 * first, then hues a golden angle apart at a lightness dark enough to stand out on white.
 */
export function sliceColours(count: number): string[] {
  return Array.from({ length: Math.max(count, 0) }, (_, index) => {
    if (index < CHART_COLOURS.length) return CHART_COLOURS[index];
    const extra = index - CHART_COLOURS.length;
    const hue = Math.round((extra * 137.508 + 15) % 360);
    const lightness = [32, 42, 26][Math.floor(extra / 12) % 3];
    return `hsl(${hue}, 65%, ${lightness}%)`;
  });
}

export const DONUT_SIZE = 290;

/** Deposits, then bills. */
export const HISTORY_COLOURS = ['#2f855a', '#1d5189'] as const;

export interface CategoryAmount {
  categoryName: string;
  amount: MoneyValue;
}

export interface DonutData {
  labels: string[];
  series: number[];
  total: number;
}

/** The allocation donut's slices: positive amounts only (a donut cannot show a negative share). */
export function donutData(allocation: readonly CategoryAmount[]): DonutData {
  const slices = allocation
    .map((item) => ({ label: item.categoryName || 'Uncategorised', value: moneyToNumber(item.amount) ?? 0 }))
    .filter((slice) => slice.value > 0);
  return {
    labels: slices.map((slice) => slice.label),
    series: slices.map((slice) => Math.round(slice.value * 100) / 100),
    total: Math.round(slices.reduce((sum, slice) => sum + slice.value, 0) * 100) / 100,
  };
}

export interface BalancePointInput {
  date: string;
  balance: MoneyValue;
}

/** `YYYY-MM-DD` as a UTC timestamp for a datetime axis (no time-zone drift). */
export function dayTimestamp(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

export function forecastSeries(points: readonly BalancePointInput[]): { x: number; y: number }[] {
  return points
    .map((point) => ({ x: dayTimestamp(point.date), y: moneyToNumber(point.balance) }))
    .filter((point): point is { x: number; y: number } => Number.isFinite(point.x) && point.y !== null);
}

export interface ForecastMarks {
  lowestPoint: BalancePointInput | null;
  firstDateBelowZero: string | null;
  firstDateBelowOverdrawLimit: string | null;
}

/** The forecast in words, for everyone (and for screen readers, who cannot see the marks). */
export function forecastSummary(marks: ForecastMarks): string[] {
  const lines: string[] = [];
  if (marks.lowestPoint) {
    lines.push(`Lowest point: ${formatMoney(marks.lowestPoint.balance)} on ${formatDate(marks.lowestPoint.date)}.`);
  }
  lines.push(
    marks.firstDateBelowZero
      ? `First date the balance would go short: ${formatDate(marks.firstDateBelowZero)}.`
      : 'The balance is not expected to go short before the end date.',
  );
  if (marks.firstDateBelowOverdrawLimit) {
    lines.push(`First date below the overdraw limit: ${formatDate(marks.firstDateBelowOverdrawLimit)}.`);
  }
  return lines;
}

export interface MonthlyFlowInput {
  month: string;
  deposits: MoneyValue;
  bills: MoneyValue;
}

export function historySeries(history: readonly MonthlyFlowInput[]) {
  return {
    months: history.map((row) => row.month),
    deposits: history.map((row) => moneyToNumber(row.deposits) ?? 0),
    bills: history.map((row) => moneyToNumber(row.bills) ?? 0),
  };
}
