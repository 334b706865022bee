/** Money from the server is a decimal string ("1234.50"); numbers are accepted for chart values. */
export type MoneyValue = string | number | null | undefined;

const DECIMAL = /^[-+]?\d+(\.\d+)?$/;

const plain = new Intl.NumberFormat('en-AU', {
  style: 'currency',
  currency: 'AUD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const signed = new Intl.NumberFormat('en-AU', {
  style: 'currency',
  currency: 'AUD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});

const compact = new Intl.NumberFormat('en-AU', {
  style: 'currency',
  currency: 'AUD',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

/** The amount as a number, or null when it is missing or not a decimal. */
export function moneyToNumber(value: MoneyValue): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = value.trim();
  return DECIMAL.test(text) ? Number(text) : null;
}

export interface MoneyFormat {
  /** Show a + on amounts above zero (balance changes): "+$5.00", "-$12.30", "$0.00". */
  sign?: boolean;
  /** Shown for a missing or unreadable amount. */
  missing?: string;
  /** Short form for chart axes: "$2K", "-$500". */
  compact?: boolean;
}

/** The one money format of the portal (spec 1 §9): en-AU dollars, 2 decimals, a minus (or a sign) in front. */
export function formatMoney(
  value: MoneyValue,
  { sign = false, missing = '', compact: short = false }: MoneyFormat = {},
): string {
  const amount = moneyToNumber(value);
  if (amount === null) return missing;
  if (short) return compact.format(amount);
  // -0.00 reads as $0.00, not -$0.00.
  const rounded = Math.round(amount * 100) / 100 || 0;
  return (sign ? signed : plain).format(rounded);
}
