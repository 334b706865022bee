import { formatDisplayDate, type LocalDate } from '../../../shared/local-date.js';
import { cents, formatCurrency, split, type Cents } from '../../../shared/money.js';
import { moneyRefusal, MoneyMovement } from '../../../shared/money-movement.rules.js';
import type { AgreementStatus } from '../agreement-status.js';
import { DepositStatus } from '../agreement-codes.js';
import {
  forecastOf,
  smallestDepositOf,
  type DueBill,
  type ProjectedForecast,
  type ProjectionInput,
} from '../projection/projection.rules.js';

/**
 * Rule "a shortfall fixed in one tap" (issue 24 item 1): when the forecast goes short, three fixes worked out to the
 * cent on the projection's own forecast (`forecastOf`), each the smallest that leaves no short day:
 * - top up $X now from a linked account (the forecast's `topUpToAvoid`: the deepest point);
 * - raise each deposit to $Y from the next one (every deposit still to come at $Y);
 * - spread $Z over the next N deposits (the deposits due up to the first short day, each $Z/N more, the odd cents on
 *   the earliest ones, `split`).
 * Raise and spread are searched cent by cent (bisection on the forecast itself), so rounding can never leave a short
 * day: `withFix` applied to the input and `forecastOf` read again is the proof, and the what-if the member sees.
 * Pure: the service loads the projection's input.
 */

export type ShortfallFixKind = 'topUp' | 'raise' | 'spread';

export interface TopUpFix {
  kind: 'topUp';
  /** The top-up today that keeps every day at zero or above. */
  amount: Cents;
}

export interface RaiseFix {
  kind: 'raise';
  /** Each deposit from the next one on. */
  deposit: Cents;
  /** The deposit today (what is raised). */
  currentDeposit: Cents;
  /** The first deposit raised. */
  from: LocalDate;
  /** How many deposits are raised (all still to come). */
  deposits: number;
}

export interface SpreadFix {
  kind: 'spread';
  /** What is added in all. */
  amount: Cents;
  /** Added to each of the next deposits, in date order (the odd cents on the earliest). */
  shares: Cents[];
  /** The first deposit that carries a share. */
  from: LocalDate;
  /** How many deposits carry a share. */
  deposits: number;
}

export type ShortfallFix = TopUpFix | RaiseFix | SpreadFix;

export interface ShortfallFixes {
  firstShortDate: LocalDate;
  /** How far below zero the first short day closes. */
  shortfall: Cents;
  /** The bill whose payment first takes it below zero (null when it is short already today). */
  shortBill: DueBill | null;
  topUp: TopUpFix;
  /** Null when no deposit comes before the first short day (only a top-up now can help). */
  raise: RaiseFix | null;
  spread: SpreadFix | null;
}

/**
 * The deposits still to come, from the next one on (rule "next deposit": today or later, still scheduled); the
 * deposit review (`../review/`) sets them too.
 */
export function comingDeposits(input: ProjectionInput) {
  return input.deposits
    .map((deposit, index) => ({ deposit, index }))
    .filter(({ deposit }) => deposit.status === DepositStatus.Scheduled && deposit.dueDate >= input.today)
    .sort((a, b) => (a.deposit.dueDate < b.deposit.dueDate ? -1 : a.deposit.dueDate > b.deposit.dueDate ? 1 : 0));
}

/** The projection's input as it would be with the fix applied (what the what-if forecast reads). */
export function withFix(input: ProjectionInput, fix: ShortfallFix): ProjectionInput {
  if (fix.kind === 'topUp') {
    const { balances } = input;
    return {
      ...input,
      balances: {
        ...balances,
        rainyDay: cents(balances.rainyDay + fix.amount),
        total: cents(balances.total + fix.amount),
      },
    };
  }
  const deposits = [...input.deposits];
  const coming = comingDeposits(input);
  if (fix.kind === 'raise') {
    for (const { deposit, index } of coming) {
      deposits[index] = { ...deposit, expectedAmount: cents(Math.max(deposit.expectedAmount, fix.deposit)) };
    }
    return { ...input, depositAmount: fix.deposit, deposits };
  }
  coming.slice(0, fix.shares.length).forEach(({ deposit, index }, i) => {
    deposits[index] = { ...deposit, expectedAmount: cents(deposit.expectedAmount + fix.shares[i]) };
  });
  return { ...input, deposits };
}

/** Never short from today to the end date with the fix applied. */
export function fixHolds(input: ProjectionInput, fix: ShortfallFix): boolean {
  const forecast = forecastOf(withFix(input, fix));
  return forecast !== null && forecast.firstShortDate === null;
}

/**
 * The smallest whole number of cents in (low, high] for which `holds` is true; null when even `high` fails. `holds`
 * must be monotonic (true from some value on). The deposit review searches its proposal with it too.
 *
 * `guess`, when given, is tried first: a guess that holds where one cent less does not is the answer at once (two
 * tries instead of a bisection's log2(high - low)); any other guess only narrows the bisection, so the answer is the
 * same whatever the guess (the caller's estimate, e.g. the forecast's `smallestDepositOf`, need not be exact).
 */
export function smallest(
  low: number,
  high: number,
  holds: (value: number) => boolean,
  guess: number | null = null,
): number | null {
  if (guess !== null && guess > low && guess <= high) {
    if (holds(guess)) {
      if (guess - 1 === low || !holds(guess - 1)) return guess;
      high = guess - 1;
    } else {
      low = guess;
      if (!holds(high)) return null;
    }
  } else if (!holds(high)) return null;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (holds(middle)) high = middle;
    else low = middle;
  }
  return high;
}

function raiseFix(input: ProjectionInput, topUp: Cents): RaiseFix | null {
  const coming = comingDeposits(input);
  if (coming.length === 0) return null;
  const current = input.depositAmount;
  const make = (deposit: number): RaiseFix => ({
    kind: 'raise',
    deposit: cents(deposit),
    currentDeposit: current,
    from: coming[0].deposit.dueDate,
    deposits: coming.length,
  });
  const found = smallest(
    current,
    current + topUp,
    (deposit) => fixHolds(input, make(deposit)),
    smallestDepositOf(input),
  );
  return found === null ? null : make(found);
}

function spreadFix(input: ProjectionInput, topUp: Cents, firstShortDate: LocalDate): SpreadFix | null {
  const coming = comingDeposits(input).filter(({ deposit }) => deposit.dueDate <= firstShortDate);
  const count = coming.length;
  if (count === 0) return null;
  const make = (amount: number): SpreadFix => ({
    kind: 'spread',
    amount: cents(amount),
    shares: split(cents(amount), count),
    from: coming[0].deposit.dueDate,
    deposits: count,
  });
  // Never less than the top-up (the deepest point needs it all); every share a whole top-up always holds.
  const found = smallest(topUp - 1, topUp * count, (amount) => fixHolds(input, make(amount)));
  return found === null ? null : make(found);
}

/** The three fixes of a forecast that goes short; null when it does not (or there is no forecast). */
export function shortfallFixes(input: ProjectionInput): ShortfallFixes | null {
  const forecast: ProjectedForecast | null = forecastOf(input);
  if (!forecast || forecast.firstShortDate === null || forecast.firstShortfall === null) return null;
  if (forecast.topUpToAvoid === null) return null;
  const topUp: TopUpFix = { kind: 'topUp', amount: forecast.topUpToAvoid };
  return {
    firstShortDate: forecast.firstShortDate,
    shortfall: forecast.firstShortfall,
    shortBill: forecast.shortBill,
    topUp,
    raise: raiseFix(input, topUp.amount),
    spread: spreadFix(input, topUp.amount, forecast.firstShortDate),
  };
}

/** The fix in one sentence, as the member and staff read it. */
export function fixWords(fix: ShortfallFix): string {
  switch (fix.kind) {
    case 'topUp':
      return `Top up ${formatCurrency(fix.amount)} now from a linked account.`;
    case 'raise':
      return `Raise each deposit from ${formatCurrency(fix.currentDeposit)} to ${formatCurrency(fix.deposit)}, from the next one on ${formatDisplayDate(fix.from)}.`;
    case 'spread': {
      const first = fix.shares[0];
      const last = fix.shares[fix.shares.length - 1];
      const each = first === last ? formatCurrency(first) : `${formatCurrency(last)} to ${formatCurrency(first)}`;
      const plural = fix.deposits === 1 ? 'the next deposit' : `the next ${fix.deposits} deposits`;
      return `Spread ${formatCurrency(fix.amount)} over ${plural} from ${formatDisplayDate(fix.from)} (${each} more each).`;
    }
  }
}

/** Who is looking at the fixes: the member (their own account), staff who act, or a read-only role (the reporter). */
export type FixCaller = 'member' | 'staff' | 'readOnly';

/**
 * How a fix is confirmed, or why it cannot be (rule "who confirms a fix"): a read-only role confirms none; the top-up
 * moves money now and the spread adds to the next deposits, for the member or staff alike; a raise is a change of the
 * deposits, which staff send to the member, and which the member asks for (their tap approves it; a manager first
 * when the agreement needs one).
 */
export type FixConfirmation = 'readOnly' | 'moneyNow' | 'spread' | 'staffChange' | 'memberChange';

export function fixConfirmation(kind: ShortfallFixKind, caller: FixCaller): FixConfirmation {
  if (caller === 'readOnly') return 'readOnly';
  if (kind === 'topUp') return 'moneyNow';
  if (kind === 'spread') return 'spread';
  return caller === 'member' ? 'memberChange' : 'staffChange';
}

/** What the money rule looks at when a fix is applied: who applies it, the agreement's status, a resigned membership. */
export interface FixFacts {
  caller: FixCaller;
  status: AgreementStatus;
  resigned: boolean;
  /** Why a change of the deposit cannot start now (the wizard's Modify entry rule), or null. */
  changeRefusal?: FixRefusal | null;
}

/** Why a fix cannot be applied now: the money rule's refusal, or the wizard's for a raise. */
export interface FixRefusal {
  code: string;
  message: string;
}

/**
 * Why the money rule (shared/money-movement.rules.ts) refuses the fix now, or null: the very check its apply path
 * makes. The top-up is a rainy-day top-up by the member or staff (approved or active agreements); the spread rides on
 * the next deposits, which the bank day takes (running agreements not locked). A raise moves no money: it is a change
 * of the deposits, refused where the wizard's Modify entry is (`changeRefusal`).
 */
export function fixRefusal(kind: ShortfallFixKind, facts: FixFacts): FixRefusal | null {
  const { status, resigned } = facts;
  if (kind === 'topUp') {
    return moneyRefusal(MoneyMovement.RainyDayTopUp, {
      status,
      mover: facts.caller === 'member' ? 'member' : 'staff',
      resigned,
    });
  }
  if (kind === 'spread') return moneyRefusal(MoneyMovement.Deposit, { status, mover: 'job', resigned });
  return facts.changeRefusal ?? null;
}

/** Whether the caller can confirm a fix here (rule "who confirms a fix", then the money rule), and why not. */
export interface FixAvailability {
  confirmation: FixConfirmation;
  /** The refusal (the money rule's, the wizard's for a raise): the panel shows its words instead of a button. */
  refusal: FixRefusal | null;
  canApply: boolean;
}

export function fixAvailability(kind: ShortfallFixKind, facts: FixFacts): FixAvailability {
  const confirmation = fixConfirmation(kind, facts.caller);
  const refusal = confirmation === 'readOnly' ? null : fixRefusal(kind, facts);
  return { confirmation, refusal, canApply: confirmation !== 'readOnly' && refusal === null };
}
