import type { Cents } from '../shared/money.js';

/**
 * The figures a person acts on, in one comparable shape whatever the view answered them in (GraphQL's decimal strings,
 * REST's numbers, the owner's cents): balance, next deposit, arrears, bills due, the at-risk verdict. Pure.
 */
export interface Figures {
  balance: string;
  nextDeposit: string;
  arrears: string;
  billsDue: string;
  firstShortDate: string;
}

export type FigureName = keyof Figures;
export const FIGURE_NAMES: readonly FigureName[] = ['balance', 'nextDeposit', 'arrears', 'billsDue', 'firstShortDate'];

/** Money in any of the views' spellings (cents, "12.30", 12.3, "$12.30") as cents. */
export function centsOf(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Math.round(value * 100);
  const text = String(value).replace(/[$,\s]/g, '');
  if (text === '') return null;
  return Math.round(Number(text) * 100);
}

export function money(value: unknown, unit: 'cents' | 'dollars'): string {
  if (value === null || value === undefined) return '-';
  const amount = unit === 'cents' ? Number(value as Cents) : centsOf(value);
  return amount === null ? '-' : (amount / 100).toFixed(2);
}

export interface DueBillLike {
  billId: number;
  amount: unknown;
  dueDate: string;
  overdue: boolean;
}

/** Bills due as one line: id, amount and due date of each, in the order given (due date first). */
export function billsLine(bills: readonly DueBillLike[], unit: 'cents' | 'dollars'): string {
  return bills.map((b) => `${b.billId}:${money(b.amount, unit)}@${b.dueDate}${b.overdue ? '!' : ''}`).join(' ') || '-';
}

export interface FigureDifference {
  /** A figure, or 'forecast series' (the forecast page's days against the projection's). */
  figure: FigureName | 'forecast series';
  /** Each view's answer, the owner's first. */
  answers: { view: string; value: string }[];
}

/** Where the views' figures differ from the owner's (`views[0]`): one entry per figure that is not the same everywhere. */
export function differences(views: readonly { view: string; figures: Partial<Figures> }[]): FigureDifference[] {
  const found: FigureDifference[] = [];
  for (const figure of FIGURE_NAMES) {
    const answers = views
      .filter((v) => v.figures[figure] !== undefined)
      .map((v) => ({ view: v.view, value: v.figures[figure]! }));
    if (answers.some((a) => a.value !== answers[0].value)) found.push({ figure, answers });
  }
  return found;
}
