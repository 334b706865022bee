import { parseLocalDate, type LocalDate } from '../shared/local-date.js';
import { parseMoney, type Cents } from '../shared/money.js';

/**
 * Reading raw SQL rows: `numeric` arrives as a string, `date` columns are selected as `::text`, and
 * `timestamptz` as a Date (pg's parser) or a string. These turn them into the code's types.
 */

export function moneyOf(value: unknown): Cents {
  return parseMoney(typeof value === 'number' ? value.toFixed(2) : String(value));
}

export function optionalMoneyOf(value: unknown): Cents | null {
  return value === null || value === undefined ? null : moneyOf(value);
}

export function dateOf(value: unknown): LocalDate {
  const text = String(value);
  return parseLocalDate(text.length === 10 ? text : text.slice(0, 10));
}

export function optionalDateOf(value: unknown): LocalDate | null {
  return value === null || value === undefined ? null : dateOf(value);
}

/** An ISO-8601 instant from a timestamptz column. */
export function instantOf(value: unknown): string {
  return (value instanceof Date ? value : new Date(String(value))).toISOString();
}

/** A `?` list for `in (...)`: one placeholder per value. */
export function placeholders(count: number): string {
  return Array.from({ length: count }, () => '?').join(',');
}
