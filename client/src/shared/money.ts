import { cents, formatCurrency, MAX_CENTS } from '@shared/money';

/** Money from the server is a decimal string ("1234.50"); numbers are accepted for chart values. */
export type MoneyValue = string | number | null | undefined;

const DECIMAL = /^[-+]?\d+(\.\d+)?$/;

/** Chart axes only: made on first use, so a page without a chart never loads the locale's compact forms. */
let compact: Intl.NumberFormat | null = null;

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

/**
 * The one money format of the portal (spec 1 §9): en-AU dollars, 2 decimals, a minus (or a sign) in front — the
 * server's own `formatCurrency` on the amount in whole cents, so a figure reads the same on a screen, a PDF and a mail.
 */
export function formatMoney(
  value: MoneyValue,
  { sign = false, missing = '', compact: short = false }: MoneyFormat = {},
): string {
  const amount = moneyToNumber(value);
  if (amount === null) return missing;
  if (short) {
    compact ??= new Intl.NumberFormat('en-AU', {
      style: 'currency',
      currency: 'AUD',
      notation: 'compact',
      minimumFractionDigits: 0,
      maximumFractionDigits: 1,
    });
    return compact.format(amount);
  }
  const rounded = Math.round(amount * 100) || 0; // -0.00 reads as $0.00, not -$0.00
  if (Math.abs(rounded) > MAX_CENTS) return missing;
  const whole = cents(rounded);
  return formatCurrency(whole, { signed: sign && whole !== 0 });
}
