import { cents, MAX_CENTS, type Cents } from '@shared/money';
import { formatAmountInput, parseBillAmount, sanitiseAmountInput } from '@shared/validation/amount-input';
import { formatMoney } from '../money';

/**
 * What typing into an amount box does (spec 1 §5: only digits and one decimal point; a second point is the error
 * "Can't have multiple decimal points in amount {amount}"). Nothing the person typed disappears without a word:
 * a refused edit leaves the box as it was and says why, and characters left out are named. Spaces are dropped
 * quietly (pasted amounts carry them).
 */
export interface AmountEntry {
  /** What the box shows now. */
  text: string;
  /** The amount in cents, or undefined when the box holds no amount. */
  amount: Cents | undefined;
  /** Why the edit was refused or changed; at most one. */
  notice?: AmountNotice;
}

export interface AmountNotice {
  /**
   * error: the edit was refused (the box kept its text); limit: the amount left in the box is beyond its min or
   * max; info: characters were left out.
   */
  kind: 'error' | 'limit' | 'info';
  message: string;
}

/**
 * What a box accepts (spec 3 §5 "Money input"): a leading minus only when `min` is below 0 (default min 0), at
 * most `precision` digits after the point (default 2), and at most `max`, checked when the person leaves the box.
 * The limits are the server's figures (an available balance, a biller's maximum): the box only compares.
 */
export interface AmountLimits {
  min?: Cents;
  max?: Cents;
  precision?: 0 | 1 | 2;
}

export const DEFAULT_PRECISION = 2;

export const AMOUNT_NOTICES = {
  tooManyDecimals: (typed: string, precision: number = DEFAULT_PRECISION) =>
    precision === 0
      ? `Amounts here are whole dollars: ${typed} has a decimal point.`
      : precision === 1
        ? `Amounts here have one digit after the decimal point: ${typed} has more.`
        : `Amounts are in dollars and cents: ${typed} has more than two digits after the decimal point.`,
  aboveMax: (max: Cents) => `The most that can be entered here is ${formatMoney(formatAmountInput(max))}.`,
  belowMin: (min: Cents) => `The least that can be entered here is ${formatMoney(formatAmountInput(min))}.`,
  tooLarge: () => `The largest amount that can be entered is ${formatMoney(formatAmountInput(MAX_CENTS as Cents))}.`,
  leftOut: (characters: string) => `Only digits and a decimal point can be entered: left out ${characters}.`,
} as const;

const signAllowed = (limits: AmountLimits) => (limits.min ?? 0) < 0;

/** The amount a box's text holds (undefined: none); a leading minus counts only where `min` is below 0. */
export function amountOf(text: string, limits: AmountLimits = {}): Cents | undefined {
  if (!text.startsWith('-')) return parseBillAmount(text);
  if (!signAllowed(limits)) return undefined;
  const amount = parseBillAmount(text.slice(1));
  return amount === undefined ? undefined : cents(-amount);
}

/** The box's text after an edit from `previous` to `typed`. */
export function enterAmount(previous: string, typed: string, limits: AmountLimits = {}): AmountEntry {
  const precision = limits.precision ?? DEFAULT_PRECISION;
  const kept = (entry: AmountNotice): AmountEntry => ({
    text: previous,
    amount: amountOf(previous, limits),
    notice: entry,
  });
  const negative = signAllowed(limits) && typed.trimStart().startsWith('-');
  const body = negative ? typed.trimStart().slice(1) : typed;
  const sanitised = sanitiseAmountInput(body);
  if (sanitised.error) return kept({ kind: 'error', message: sanitised.error.message });
  const text = `${negative ? '-' : ''}${sanitised.text}`;
  const point = sanitised.text.indexOf('.');
  const fraction = point < 0 ? '' : sanitised.text.slice(point + 1);
  if ((precision === 0 && point >= 0) || fraction.length > precision) {
    return kept({ kind: 'error', message: AMOUNT_NOTICES.tooManyDecimals(text, precision) });
  }
  const amount = amountOf(text, limits);
  if (amount === undefined && /\d/.test(text)) return kept({ kind: 'error', message: AMOUNT_NOTICES.tooLarge() });
  const dropped = [...new Set(body.replace(/[\d.\s]/g, ''))];
  if (dropped.length === 0) return { text, amount };
  const named = dropped.map((character) => `“${character}”`).join(', ');
  return { text, amount, notice: { kind: 'info', message: AMOUNT_NOTICES.leftOut(named) } };
}

/**
 * What a box shows once the person leaves it: the amount to its precision ("12.3" reads "12.30"), and a word when
 * it is beyond `max` or below `min` (spec 3 §5: max checked on blur). The amount is kept as typed: the person
 * corrects it, nothing is paid that they did not write.
 */
export function settleAmount(text: string, limits: AmountLimits = {}): AmountEntry {
  const amount = amountOf(text, limits);
  if (amount === undefined) return { text, amount };
  const settled = writeAmount(amount, limits.precision ?? DEFAULT_PRECISION);
  if (limits.max !== undefined && amount > limits.max) {
    return { text: settled, amount, notice: { kind: 'limit', message: AMOUNT_NOTICES.aboveMax(limits.max) } };
  }
  const least = limits.min ?? (0 as Cents);
  if (amount < least) {
    return { text: settled, amount, notice: { kind: 'limit', message: AMOUNT_NOTICES.belowMin(least) } };
  }
  return { text: settled, amount };
}

const ANY_SIGN: AmountLimits = { min: -MAX_CENTS as Cents };

/** "12.30" at precision 2, "12.3" at 1, "12" at 0 (a limit of finer precision is written in full). */
function writeAmount(amount: Cents, precision: number): string {
  const full = formatAmountInput(amount);
  const cut = full.slice(0, full.length - (DEFAULT_PRECISION - precision) - (precision === 0 ? 1 : 0));
  return amountOf(cut, ANY_SIGN) === amount ? cut : full;
}
