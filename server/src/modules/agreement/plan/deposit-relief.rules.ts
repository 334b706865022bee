import { DomainError } from '../../../shared/errors.js';
import { formatDisplayDate, type LocalDate } from '../../../shared/local-date.js';
import { add, formatCurrency, min, split, sub, sum, type Cents } from '../../../shared/money.js';

/**
 * Rule "deposit relief" (issue 24 item 4): some deposits still to come carry less for a while (a deposit holiday:
 * none; a lower deposit: at most an amount), and what they no longer carry is spread over the deposits after the
 * relief, to the end of the term, so the agreement still pays its bills. The odd cents go on the earliest deposits
 * (`money.split`). Pure: the writer (`deposit-relief.ts`) reads the living schedule and stores what this answers.
 */

/** A deposit of the living schedule still to come (scheduled, nothing received), earliest first. */
export interface RelievableDeposit {
  id: number;
  dueDate: LocalDate;
  amount: Cents;
}

export type ReliefTerms =
  /** No deposits from `from` to `until` (both included). */
  | { kind: 'holiday'; from: LocalDate; until: LocalDate }
  /** Deposits from `from` to `until` (both included) at most `amount`. */
  | { kind: 'lower'; from: LocalDate; until: LocalDate; amount: Cents };

/** One deposit the relief changes: its amount before and after (0 on a holiday). */
export interface RelievedDeposit {
  id: number;
  dueDate: LocalDate;
  before: Cents;
  after: Cents;
  /** A deposit of the holiday: not expected at all. */
  holiday: boolean;
}

export interface ReliefPlan {
  /** Every deposit changed, earliest first: the relieved ones, then the ones carrying the spread. */
  changes: RelievedDeposit[];
  /** What the relieved deposits no longer carry (= what the later ones carry more). */
  relieved: Cents;
  /** How many later deposits carry it. */
  spreadOver: number;
}

export const RELIEF_MESSAGES = {
  nothingRelieved: (relief: ReliefTerms) =>
    relief.kind === 'holiday'
      ? `No deposit falls due from ${formatDisplayDate(relief.from)} to ${formatDisplayDate(relief.until)}, so a ` +
        'deposit holiday would change nothing: choose dates that include a deposit.'
      : `No deposit above ${formatCurrency(relief.amount)} falls due by ${formatDisplayDate(relief.until)}, so a ` +
        'lower deposit would change nothing: choose a later end date.',
  nothingToSpreadOver: (until: LocalDate, relieved: Cents) =>
    `No deposit is left after ${formatDisplayDate(until)} to spread ${formatCurrency(relieved)} over: ` +
    'choose an earlier end date.',
} as const;

/**
 * The deposits `relief` changes among `deposits` (the schedule still to come, earliest first): the ones in its
 * period lowered (to 0 on a holiday), and every one after it raised by its share of what those no longer carry.
 * Refused (a DomainError on `until`) when it would change no deposit, or when no deposit is left to spread over.
 */
export function reliefPlan(deposits: readonly RelievableDeposit[], relief: ReliefTerms): ReliefPlan {
  const ordered = [...deposits].sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.id - b.id);
  const relievedDeposits: RelievedDeposit[] = [];
  for (const deposit of ordered) {
    if (deposit.dueDate < relief.from || deposit.dueDate > relief.until) continue;
    const after = relief.kind === 'holiday' ? (0 as Cents) : min(deposit.amount, relief.amount);
    if (after === deposit.amount) continue;
    relievedDeposits.push({ ...deposit, before: deposit.amount, after, holiday: relief.kind === 'holiday' });
  }
  const relieved = sum(relievedDeposits.map((d) => sub(d.before, d.after)));
  if (relieved <= 0) throw new DomainError('NOTHING_RELIEVED', RELIEF_MESSAGES.nothingRelieved(relief), 'until');
  const later = ordered.filter((deposit) => deposit.dueDate > relief.until);
  if (later.length === 0) {
    throw new DomainError(
      'NOTHING_TO_SPREAD_OVER',
      RELIEF_MESSAGES.nothingToSpreadOver(relief.until, relieved),
      'until',
    );
  }
  const shares = split(relieved, later.length);
  const raised = later.map((deposit, i) => ({
    id: deposit.id,
    dueDate: deposit.dueDate,
    before: deposit.amount,
    after: add(deposit.amount, shares[i]),
    holiday: false,
  }));
  return {
    changes: [
      ...relievedDeposits.map(({ id, dueDate, before, after, holiday }) => ({ id, dueDate, before, after, holiday })),
      ...raised,
    ],
    relieved,
    spreadOver: later.length,
  };
}

/** What a spread adds: each deposit it changes, and the amount in all. */
export interface ExtraPlan {
  changes: RelievedDeposit[];
  added: Cents;
}

export const EXTRA_MESSAGES = {
  scheduleMoved:
    'The deposits to come changed since the figures were worked out: check the new amount and confirm again.',
} as const;

/**
 * Rule "spread over the next deposits" (the shortfall's spread fix, `shortfall-fix.rules.ts`): the first
 * `shares.length` deposits still to come, from `from`, each carry their share more (the fix's shares, odd cents
 * first). Refused (`FIX_CHANGED`) when the schedule no longer starts on `from` or holds fewer deposits than shares.
 */
export function extraPlan(
  deposits: readonly RelievableDeposit[],
  shares: readonly Cents[],
  from: LocalDate,
): ExtraPlan {
  const ordered = [...deposits].sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.id - b.id);
  if (shares.length === 0 || ordered.length < shares.length || ordered[0].dueDate !== from) {
    throw new DomainError('FIX_CHANGED', EXTRA_MESSAGES.scheduleMoved, 'amount');
  }
  const changes = shares.map((share, i) => ({
    id: ordered[i].id,
    dueDate: ordered[i].dueDate,
    before: ordered[i].amount,
    after: add(ordered[i].amount, share),
    holiday: false,
  }));
  return { changes, added: sum(shares) };
}
