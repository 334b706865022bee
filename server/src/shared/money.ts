/**
 * Money is never a float: amounts are integer cents (a branded number, always a safe integer).
 * On the wire and in PostgreSQL `numeric(14,2)` they are decimal strings such as "1234.50".
 */
export type Cents = number & { readonly __brand: 'Cents' };

export const MAX_CENTS = 99_999_999_999_999; // numeric(16,2) headroom; numeric(14,2) columns hold less

export class MoneyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MoneyError';
  }
}

/** Wraps an integer number of cents, refusing fractions and unsafe values. */
export function cents(value: number): Cents {
  if (!Number.isSafeInteger(value) || Math.abs(value) > MAX_CENTS) {
    throw new MoneyError(`Not a whole number of cents: ${value}`);
  }
  return (value === 0 ? 0 : value) as Cents; // no negative zero
}

export const ZERO = 0 as Cents;

/**
 * Parses "12", "12.3", "-12.34" (at most 2 decimals; an optional sign, at most 14 whole digits) into cents.
 * Read character by character rather than by a regular expression: every numeric column of a row goes through
 * here (an overview's bills are a few hundred amounts), and a match array per amount was a fifth of what an
 * overview request allocated (issue 13 item 8).
 */
export function parseMoney(text: string): Cents {
  const value = text.trim();
  const refuse = () => new MoneyError(`Not an amount with at most 2 decimals: "${text}"`);
  let i = 0;
  const sign = value.charCodeAt(0);
  if (sign === PLUS || sign === MINUS) i = 1;
  const wholeStart = i;
  let whole = 0;
  for (; i < value.length && isDigit(value.charCodeAt(i)); i += 1)
    whole = whole * 10 + (value.charCodeAt(i) - ZERO_CODE);
  const wholeDigits = i - wholeStart;
  if (wholeDigits < 1 || wholeDigits > 14) throw refuse();
  let fraction = 0;
  if (i < value.length) {
    if (value.charCodeAt(i) !== DOT) throw refuse();
    const fractionStart = (i += 1);
    for (; i < value.length && isDigit(value.charCodeAt(i)); i += 1) {
      fraction = fraction * 10 + (value.charCodeAt(i) - ZERO_CODE);
    }
    const fractionDigits = i - fractionStart;
    if (fractionDigits < 1 || fractionDigits > 2 || i !== value.length) throw refuse();
    if (fractionDigits === 1) fraction *= 10;
  }
  const amount = whole * 100 + fraction;
  return cents(sign === MINUS ? -amount : amount);
}

const PLUS = 43;
const MINUS = 45;
const DOT = 46;
const ZERO_CODE = 48;

function isDigit(code: number): boolean {
  return code >= ZERO_CODE && code <= ZERO_CODE + 9;
}

/** "1234.50" — the wire and database form. */
export function toDecimalString(amount: Cents): string {
  const negative = amount < 0;
  const abs = Math.abs(amount);
  const text = `${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

/**
 * "$1,234.50", "-$12.00", or with `signed` "+$5.00" — the display form, on the server (PDFs, mail, history) and in
 * the browser (the client's `formatMoney`). Digits grouped by threes here rather than by `toLocaleString`: the
 * browser's locale data costs a first page a fifth of a second on a slow phone (issue 23 item 1).
 */
export function formatCurrency(amount: Cents, options: { signed?: boolean } = {}): string {
  const abs = Math.abs(amount);
  const whole = String(Math.trunc(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const text = `$${whole}.${String(abs % 100).padStart(2, '0')}`;
  if (amount < 0) return `-${text}`;
  return options.signed ? `+${text}` : text;
}

export function add(...amounts: Cents[]): Cents {
  let total = 0;
  for (const amount of amounts) total += amount;
  return cents(total);
}

export function sub(a: Cents, b: Cents): Cents {
  return cents(a - b);
}

export function negate(a: Cents): Cents {
  return cents(-a);
}

export function min(a: Cents, b: Cents): Cents {
  return a <= b ? a : b;
}

export function max(a: Cents, b: Cents): Cents {
  return a >= b ? a : b;
}

/** Rounds half away from zero, as banks round a percentage to the cent. */
export function percentOf(amount: Cents, percent: number): Cents {
  const raw = (amount * percent) / 100;
  return cents(Math.sign(raw) * Math.round(Math.abs(raw) + 1e-9));
}

/** Multiplies by an integer count (e.g. number of occurrences). */
export function times(amount: Cents, count: number): Cents {
  if (!Number.isSafeInteger(count)) throw new MoneyError(`Not a whole count: ${count}`);
  return cents(amount * count);
}

/** Splits an amount into `parts` shares that differ by at most a cent and add up exactly. */
export function split(amount: Cents, parts: number): Cents[] {
  if (!Number.isSafeInteger(parts) || parts <= 0) throw new MoneyError(`Cannot split into ${parts} parts`);
  const base = Math.trunc(amount / parts);
  let remainder = amount - base * parts;
  const step = Math.sign(remainder);
  return Array.from({ length: parts }, () => {
    if (remainder === 0) return cents(base);
    remainder -= step;
    return cents(base + step);
  });
}

export function sum(amounts: Iterable<Cents>): Cents {
  let total = 0;
  for (const amount of amounts) total += amount;
  return cents(total);
}
