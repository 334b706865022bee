import { DomainError } from '../errors.js';
import { addDays, addMonths, formatDisplayDate, type LocalDate } from '../local-date.js';
import { formatCurrency, type Cents } from '../money.js';

/**
 * A way through hardship (issue 24 item 4; Customer Owned Banking Code s24): a member in financial difficulty says
 * what is going on and may ask for a deposit holiday or a lower deposit for a while; staff record what was arranged,
 * or close the case. Pure rules, shared with the member's form.
 */

/** The longest "what is going on" kept: enough for a few paragraphs, bounded for the worklist and the history. */
export const HARDSHIP_SITUATION_MAX = 2000;
/** The longest staff note on an arrangement or a closing. */
export const HARDSHIP_NOTE_MAX = 1000;

/** Where a case is: open (waiting for staff), arranged (staff recorded an arrangement), closed. */
export enum HardshipStatus {
  Open = 1,
  Arranged = 2,
  Closed = 3,
}

/** What the member asks for, and what staff arrange. */
export enum HardshipRequestKind {
  /** Only help: talk to someone, no change asked. */
  None = 'None',
  /** No deposits for up to one month; what they would have carried is spread over the rest of the term. */
  DepositHoliday = 'DepositHoliday',
  /** A lower deposit until a date. */
  LowerDeposit = 'LowerDeposit',
}

/** A request or an arrangement, checked: the kind and its dates and amount. */
export interface HardshipTerms {
  kind: HardshipRequestKind;
  /** Holiday: the first day without deposits; lower deposit: from today. */
  from: LocalDate | null;
  /** Holiday: the last day without deposits; lower deposit: the last day of the lower deposit. */
  until: LocalDate | null;
  /** Lower deposit: the deposit asked for. */
  amount: Cents | null;
}

/** What the terms are checked against: today, the deposit now, and the agreement's term. */
export interface HardshipFacts {
  today: LocalDate;
  currentDeposit: Cents;
  termEnd: LocalDate;
}

export const HARDSHIP_MESSAGES = {
  situationRequired: 'Please tell us a little about what is going on.',
  situationTooLong: (length: number) => `Please keep it to ${HARDSHIP_SITUATION_MAX} characters (it has ${length}).`,
  noteRequired: 'Please add a note saying what was agreed with the member.',
  noteTooLong: (length: number) => `The note can be at most ${HARDSHIP_NOTE_MAX} characters (it has ${length}).`,
  unknownKind: 'Choose what you would like: no change, a deposit holiday, or a lower deposit for a while.',
  fromRequired: 'Choose the first day of the deposit holiday.',
  fromInPast: 'The deposit holiday cannot start before today.',
  untilRequired: (kind: HardshipRequestKind) =>
    kind === HardshipRequestKind.DepositHoliday
      ? 'Choose the last day of the deposit holiday.'
      : 'Choose the date the lower deposit ends.',
  untilBeforeFrom: 'The deposit holiday must end on or after the day it starts.',
  holidayTooLong: (latest: LocalDate) =>
    `A deposit holiday can last at most one month: from that start it must end by ${formatDisplayDate(latest)}.`,
  untilInPast: 'The lower deposit must last until a day after today.',
  beyondTerm: (termEnd: LocalDate) => `It must end within the agreement, which ends on ${formatDisplayDate(termEnd)}.`,
  amountRequired: 'Enter the deposit you can manage.',
  amountNotPositive: 'The lower deposit must be more than $0.00: for no deposits at all, ask for a deposit holiday.',
  amountNotLower: (current: Cents) =>
    `The lower deposit must be less than your deposit now (${formatCurrency(current)}).`,
  noAgreement: 'There is no running agreement on this account to ask about.',
  alreadyOpen: 'You already have a request for help open on this account: we will be in touch. You can see it below.',
  noCase: 'There is no open request for help on this account.',
  closed: 'This request for help is closed.',
  invalidDate: (field: string) => `The ${field} must be a date written YYYY-MM-DD.`,
  invalidAmount: 'Enter the amount as dollars and cents, for example 45.00.',
} as const;

/** Raw terms as typed (dates and amount already parsed by the caller, absent as null). */
export interface HardshipTermsInput {
  kind: string | null | undefined;
  from?: LocalDate | null;
  until?: LocalDate | null;
  amount?: Cents | null;
}

/** The last day a holiday starting on `from` may run to: one month, less a day (1 Mar to 31 Mar). */
export function latestHolidayEnd(from: LocalDate): LocalDate {
  return addDays(addMonths(from, 1), -1);
}

/**
 * What may be asked, or arranged (one rule for both): no change; a deposit holiday of at most one month, starting
 * today or later, ending within the term; a lower deposit above $0 and below the deposit now, until a day after today
 * within the term. Answers the terms as stored, or a DomainError naming the field.
 */
export function checkHardshipTerms(input: HardshipTermsInput, facts: HardshipFacts): HardshipTerms {
  const kind = Object.values(HardshipRequestKind).find((k) => k === input.kind);
  if (!kind) throw new DomainError('UNKNOWN_KIND', HARDSHIP_MESSAGES.unknownKind, 'kind');
  if (kind === HardshipRequestKind.None) return { kind, from: null, until: null, amount: null };
  const until = input.until ?? null;
  if (kind === HardshipRequestKind.DepositHoliday) {
    const from = input.from ?? null;
    if (!from) throw new DomainError('REQUIRED', HARDSHIP_MESSAGES.fromRequired, 'from');
    if (from < facts.today) throw new DomainError('IN_PAST', HARDSHIP_MESSAGES.fromInPast, 'from');
    if (!until) throw new DomainError('REQUIRED', HARDSHIP_MESSAGES.untilRequired(kind), 'until');
    if (until < from) throw new DomainError('UNTIL_BEFORE_FROM', HARDSHIP_MESSAGES.untilBeforeFrom, 'until');
    const latest = latestHolidayEnd(from);
    if (until > latest) throw new DomainError('HOLIDAY_TOO_LONG', HARDSHIP_MESSAGES.holidayTooLong(latest), 'until');
    if (until > facts.termEnd) {
      throw new DomainError('BEYOND_TERM', HARDSHIP_MESSAGES.beyondTerm(facts.termEnd), 'until');
    }
    return { kind, from, until, amount: null };
  }
  const amount = input.amount ?? null;
  if (amount === null) throw new DomainError('REQUIRED', HARDSHIP_MESSAGES.amountRequired, 'amount');
  if (amount <= 0) throw new DomainError('AMOUNT_NOT_POSITIVE', HARDSHIP_MESSAGES.amountNotPositive, 'amount');
  if (amount >= facts.currentDeposit) {
    throw new DomainError('AMOUNT_NOT_LOWER', HARDSHIP_MESSAGES.amountNotLower(facts.currentDeposit), 'amount');
  }
  if (!until) throw new DomainError('REQUIRED', HARDSHIP_MESSAGES.untilRequired(kind), 'until');
  if (until <= facts.today) throw new DomainError('IN_PAST', HARDSHIP_MESSAGES.untilInPast, 'until');
  if (until > facts.termEnd) throw new DomainError('BEYOND_TERM', HARDSHIP_MESSAGES.beyondTerm(facts.termEnd), 'until');
  return { kind, from: facts.today, until, amount };
}

/** The trimmed text of "what is going on": required, within its bound. */
export function checkSituation(value: string | null | undefined): string {
  const text = (value ?? '').trim();
  if (!text) throw new DomainError('REQUIRED', HARDSHIP_MESSAGES.situationRequired, 'situation');
  if (text.length > HARDSHIP_SITUATION_MAX) {
    throw new DomainError('TOO_LONG', HARDSHIP_MESSAGES.situationTooLong(text.length), 'situation');
  }
  return text;
}

/** The trimmed staff note: required, within its bound. */
export function checkHardshipNote(value: string | null | undefined): string {
  const text = (value ?? '').trim();
  if (!text) throw new DomainError('REQUIRED', HARDSHIP_MESSAGES.noteRequired, 'note');
  if (text.length > HARDSHIP_NOTE_MAX) {
    throw new DomainError('TOO_LONG', HARDSHIP_MESSAGES.noteTooLong(text.length), 'note');
  }
  return text;
}

/** What can happen to a case: the member opens it, staff arrange or close it. */
export type HardshipAction = 'open' | 'arrange' | 'close';

/**
 * The case's transitions: a member opens one when the account has none open or arranged; staff record an
 * arrangement on an open case (or change one already arranged); staff close an open or arranged case. A closed case
 * takes nothing more (a new difficulty is a new case). Answers the status after, or a DomainError.
 */
export function hardshipTransition(current: HardshipStatus | null, action: HardshipAction): HardshipStatus {
  if (action === 'open') {
    if (current === HardshipStatus.Open || current === HardshipStatus.Arranged) {
      throw new DomainError('CASE_ALREADY_OPEN', HARDSHIP_MESSAGES.alreadyOpen);
    }
    return HardshipStatus.Open;
  }
  if (current === null) throw new DomainError('NO_OPEN_CASE', HARDSHIP_MESSAGES.noCase);
  if (current === HardshipStatus.Closed) throw new DomainError('CASE_CLOSED', HARDSHIP_MESSAGES.closed);
  return action === 'arrange' ? HardshipStatus.Arranged : HardshipStatus.Closed;
}

/** A case open or arranged is active: missed-deposit follow-up pauses and the worklist shows it. */
export function isHardshipActive(status: HardshipStatus | null): boolean {
  return status === HardshipStatus.Open || status === HardshipStatus.Arranged;
}

/** The terms in words (the case's screens, the history and the worklist). */
export function hardshipTermsWords(terms: HardshipTerms): string {
  switch (terms.kind) {
    case HardshipRequestKind.None:
      return 'no change to the deposits';
    case HardshipRequestKind.DepositHoliday:
      return `a deposit holiday from ${formatDisplayDate(terms.from!)} to ${formatDisplayDate(terms.until!)}, re-spread over the rest of the term`;
    case HardshipRequestKind.LowerDeposit:
      return `a lower deposit of ${formatCurrency(terms.amount!)} until ${formatDisplayDate(terms.until!)}, the difference spread over the rest of the term`;
  }
}

export const HARDSHIP_STATUS_LABELS: Readonly<Record<HardshipStatus, string>> = {
  [HardshipStatus.Open]: 'Open: waiting for us to contact you',
  [HardshipStatus.Arranged]: 'Arranged',
  [HardshipStatus.Closed]: 'Closed',
};

/** What staff are pointed to on every case (the worklist row and the staff panel). */
export const FINANCIAL_COUNSELLING_NOTE =
  'Offer the member the bank’s financial counselling referral, and tell them about the free National Debt ' +
  'Helpline (1800 007 007, ndh.org.au). Missed-deposit notices are paused while the case is open.';
