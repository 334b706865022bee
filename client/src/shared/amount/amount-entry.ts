import { MAX_CENTS, type Cents } from '../../../../server/src/common/money';
import {
  formatAmountInput,
  parseBillAmount,
  sanitiseAmountInput,
} from '../../../../server/src/common/validation/amount-input';
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
  /** error: the edit was refused (the box kept its text); info: characters were left out. */
  kind: 'error' | 'info';
  message: string;
}

export const AMOUNT_NOTICES = {
  tooManyDecimals: (typed: string) =>
    `Amounts are in dollars and cents: ${typed} has more than two digits after the decimal point.`,
  tooLarge: () => `The largest amount that can be entered is ${formatMoney(formatAmountInput(MAX_CENTS as Cents))}.`,
  leftOut: (characters: string) => `Only digits and a decimal point can be entered: left out ${characters}.`,
} as const;

/** The amount a box's text holds (undefined: none). */
export function amountOf(text: string): Cents | undefined {
  return parseBillAmount(text);
}

/** The box's text after an edit from `previous` to `typed`. */
export function enterAmount(previous: string, typed: string): AmountEntry {
  const kept = (entry: AmountNotice): AmountEntry => ({ text: previous, amount: amountOf(previous), notice: entry });
  const sanitised = sanitiseAmountInput(typed);
  if (sanitised.error) return kept({ kind: 'error', message: sanitised.error.message });
  const text = sanitised.text;
  const fraction = text.includes('.') ? text.slice(text.indexOf('.') + 1) : '';
  if (fraction.length > 2) return kept({ kind: 'error', message: AMOUNT_NOTICES.tooManyDecimals(text) });
  const amount = amountOf(text);
  if (amount === undefined && /\d/.test(text)) return kept({ kind: 'error', message: AMOUNT_NOTICES.tooLarge() });
  const dropped = [...new Set(typed.replace(/[\d.\s]/g, ''))];
  if (dropped.length === 0) return { text, amount };
  const named = dropped.map((character) => `“${character}”`).join(', ');
  return { text, amount, notice: { kind: 'info', message: AMOUNT_NOTICES.leftOut(named) } };
}

/** The text a box shows once the person leaves it: the amount to the cent ("12.3" reads "12.30"). */
export function settleAmount(text: string): string {
  const amount = amountOf(text);
  return amount === undefined ? text : formatAmountInput(amount);
}
