import { cents, formatCurrency, negate, ZERO, type Cents } from '../../../shared/money.js';
import { addDays, formatDisplayDate, type LocalDate } from '../../../shared/local-date.js';
import { AgreementStatus } from '../agreement-status.js';
import type { HeldBills } from '../stored-plan.js';

/**
 * A choice at term end (issue 24 item 5): what happens to the balance the version in force closes with when its
 * renewal takes over. Stored as `term_end_choice.choice`; none stored means Roll.
 */
export enum TermEndChoiceKind {
  /** The balance is carried into the renewal (a surplus lowers its deposits, a deficit is spread over them). */
  Roll = 1,
  /** The surplus is paid into a linked account of the account's members that the member names. */
  Refund = 2,
  /** The surplus is paid into the members' default savings account. */
  Savings = 3,
}

export const TERM_END_KIND_NAMES: Readonly<Record<TermEndChoiceKind, 'roll' | 'refund' | 'savings'>> = {
  [TermEndChoiceKind.Roll]: 'roll',
  [TermEndChoiceKind.Refund]: 'refund',
  [TermEndChoiceKind.Savings]: 'savings',
};

export const TERM_END_MESSAGES = {
  notDue: 'There is no term-end choice to make on this account now: it opens when the agreement is due for renewal.',
  unknownChoice: 'Choose what happens to the balance at term end: roll it into the renewal, refund it, or savings.',
  noSurplus: (closing: Cents) =>
    closing < 0
      ? `The agreement is forecast to close ${formatCurrency(negate(closing))} short: a shortfall is always carried into the renewal and spread over its deposits.`
      : 'The agreement is not forecast to close with a surplus: there is nothing to refund or move to savings.',
  accountRequired: 'Choose the linked account to refund the surplus to.',
  accountNotLinked: 'Choose a linked account of the account’s members to refund the surplus to.',
  noDefaultSavings: 'The account’s members have no default savings account to move the surplus to.',
  resigned: 'The membership has been resigned: no term-end choice can be made on this account.',
  renewalRefused:
    'With this choice the agreed renewal’s deposits cannot be worked out again, so the choice was not made: ask us to prepare the renewal again.',
} as const;

/** What the version due for renewal looks like for the rule (plain data). */
export interface TermEndFacts {
  status: AgreementStatus;
  endDate: LocalDate;
  today: LocalDate;
  /** The renewal notice window in days (core banking's `renewalNoticeDays`; 0: only a renewal under way opens it). */
  renewalNoticeDays: number;
  /** A renewal of this version has been created and has not taken over yet (9, 2, 3 or 1). */
  renewalUnderWay: boolean;
  /** The choice was applied when the renewal took over. */
  applied: boolean;
}

const RUNNING: readonly AgreementStatus[] = [
  AgreementStatus.Active,
  AgreementStatus.MissedDeposit,
  AgreementStatus.Locked,
];

/**
 * Rule "term end is due": a running version (7, 4, 8) whose choice has not been applied, ending within the renewal
 * notice window (the same days as the renewal-due notice) or with a renewal under way.
 */
export function termEndDue(facts: TermEndFacts): boolean {
  if (!RUNNING.includes(facts.status) || facts.applied) return false;
  if (facts.renewalUnderWay) return true;
  const days = facts.renewalNoticeDays;
  if (!Number.isInteger(days) || days <= 0) return false;
  return facts.endDate >= facts.today && facts.endDate <= addDays(facts.today, days);
}

/**
 * Rule "choices offered": roll always; refund and savings only with a projected surplus (a closing balance above
 * zero), refund when the members have a linked account, savings when they have a default savings account. A deficit
 * (or no forecast) is always rolled: the carry-over takes it into the renewal, whose deposits cover it.
 */
export function offeredChoices(input: {
  closingBalance: Cents | null;
  linkedAccounts: number;
  hasDefaultSavings: boolean;
}): TermEndChoiceKind[] {
  const offered = [TermEndChoiceKind.Roll];
  if (input.closingBalance === null || input.closingBalance <= 0) return offered;
  if (input.linkedAccounts > 0) offered.push(TermEndChoiceKind.Refund);
  if (input.hasDefaultSavings) offered.push(TermEndChoiceKind.Savings);
  return offered;
}

export interface TermEndRefusal {
  code: string;
  message: string;
  field: string;
}

/** Whether a choice may be stored: due, a known kind, offered, and (refund) a linked account of the members named. */
export function choiceProblem(input: {
  due: boolean;
  resigned: boolean;
  kind: TermEndChoiceKind | null;
  offered: readonly TermEndChoiceKind[];
  closingBalance: Cents | null;
  accountNumber: string | null;
  accountLinked: boolean;
  hasDefaultSavings: boolean;
}): TermEndRefusal | null {
  if (input.resigned) return { code: 'MEMBER_RESIGNED', message: TERM_END_MESSAGES.resigned, field: 'accountId' };
  if (!input.due) return { code: 'TERM_END_NOT_DUE', message: TERM_END_MESSAGES.notDue, field: 'accountId' };
  if (input.kind === null) return { code: 'UNKNOWN_CHOICE', message: TERM_END_MESSAGES.unknownChoice, field: 'choice' };
  if (input.kind === TermEndChoiceKind.Savings && !input.hasDefaultSavings) {
    return { code: 'NO_DEFAULT_SAVINGS', message: TERM_END_MESSAGES.noDefaultSavings, field: 'choice' };
  }
  if (!input.offered.includes(input.kind)) {
    return { code: 'NO_SURPLUS', message: TERM_END_MESSAGES.noSurplus(input.closingBalance ?? ZERO), field: 'choice' };
  }
  if (input.kind === TermEndChoiceKind.Refund) {
    if (!input.accountNumber) {
      return { code: 'ACCOUNT_REQUIRED', message: TERM_END_MESSAGES.accountRequired, field: 'accountNumber' };
    }
    if (!input.accountLinked) {
      return { code: 'ACCOUNT_NOT_LINKED', message: TERM_END_MESSAGES.accountNotLinked, field: 'accountNumber' };
    }
  }
  return null;
}

/**
 * Rule "what the renewal opens with": a surplus paid out (refund, savings) leaves nothing to carry; a roll, a deficit
 * or nothing chosen carries the whole balance (negative included) into the renewal.
 */
export function carriedIntoRenewal(balance: Cents, kind: TermEndChoiceKind | null): Cents {
  if (balance > 0 && (kind === TermEndChoiceKind.Refund || kind === TermEndChoiceKind.Savings)) return ZERO;
  return balance;
}

/**
 * Rule "the bills the renewal takes over": of what the version in force's stored bills say to the renewal
 * (`stored-plan.ts#heldBills`, keyed to the renewal's billers), the bills still owed that are overdue today (due before
 * it). Still unpaid when the renewal takes over, they come into it with the money held for them
 * (version-carry-over.ts: they follow their billers; the term-end payout leaves their money), and the plan stored then
 * owes them on its first day. The forecast that the closing balance is read from owes them today, so that balance has
 * already paid them: the renewal opens with it plus what they take out (`heldFor`, their expected amounts as the
 * forecast took them) and owes them on its first day, with their contingency, as a modification does. The term's
 * bills due from today on are the old term's, paid on their dates in the same forecast: not taken over. What is
 * settled is kept (not billed again).
 */
export function renewalHeldBills(held: HeldBills, today: LocalDate): { held: HeldBills; heldFor: Cents } {
  const owed = held.owed.filter((bill) => bill.date < today);
  return {
    held: { ...held, owed },
    heldFor: cents(owed.reduce((total, bill) => total + bill.amount, 0)),
  };
}

/**
 * Rule "the surplus paid out at term end": a refund or savings move pays the surplus the member was shown, the
 * balance the term closes with: what the version holds less what its unpaid bills of the term still take out (the
 * forecast's closing balance on the end date). The money for those bills stays and is carried into the renewal with
 * them (the carry-over moves unpaid bills with their billers). Nothing when that is not above zero, or for a roll.
 */
export function termEndPayout(held: Cents, stillOwed: Cents, kind: TermEndChoiceKind | null): Cents {
  if (kind !== TermEndChoiceKind.Refund && kind !== TermEndChoiceKind.Savings) return ZERO;
  const surplus = held - stillOwed;
  return surplus > 0 ? (surplus as Cents) : ZERO;
}

/** The words of a choice on the screens and in the activity history. */
export function choiceWords(kind: TermEndChoiceKind, accountNumber: string | null): string {
  switch (kind) {
    case TermEndChoiceKind.Refund:
      return `Refund the surplus to linked account ${accountNumber ?? ''}`.trim();
    case TermEndChoiceKind.Savings:
      return `Move the surplus to savings account ${accountNumber ?? ''}`.trim();
    default:
      return 'Roll the balance into the renewal';
  }
}

/** What each choice does, in a sentence for the member. */
export function choiceExplanation(kind: TermEndChoiceKind, closingBalance: Cents | null, endDate: LocalDate): string {
  const ends = formatDisplayDate(endDate);
  switch (kind) {
    case TermEndChoiceKind.Refund:
      return `When the renewal takes over after ${ends}, what the agreement holds is paid into the linked account you choose; the renewal starts from zero.`;
    case TermEndChoiceKind.Savings:
      return `When the renewal takes over after ${ends}, what the agreement holds is moved to your default savings account; the renewal starts from zero.`;
    default:
      return closingBalance !== null && closingBalance < 0
        ? `The shortfall is carried into the renewal and spread over its deposits.`
        : `What the agreement holds after ${ends} is carried into the renewal and lowers its deposits.`;
  }
}

/** The renewal under way and its deposits, as the term-end choice bears on them. */
export interface RenewalDeposits {
  /** The deposit saved on the renewal (per deposit). */
  agreed: Cents;
  /** Its frequency in words ('Fortnightly'). */
  frequency: string;
  /** Sent to the member, approved or waiting for its first day: a choice made now works its deposits out again. */
  fixed: boolean;
  /** What the renewal needs per deposit opening with what this choice carries into it (null: not worked out). */
  needed: Cents | null;
}

/**
 * Rule "the renewal's deposits and the choice" (issue 24 item 5): while staff prepare the renewal its deposits step
 * works them out with the choice when they save them; once agreed (sent to the member, approved or waiting for its
 * first day), choosing works them out again at once by the deposits step's own rules (`deposits.service.ts#
 * rederiveRenewal`), so the member is told the deposit the renewal will have with the choice.
 */
export function renewalDepositsSentence(deposits: RenewalDeposits): string {
  const agreed = `${formatCurrency(deposits.agreed)} a deposit (${deposits.frequency.toLowerCase()})`;
  const needed = deposits.needed;
  if (!deposits.fixed) {
    const need = needed === null ? '' : `; with it the renewal needs ${formatCurrency(needed)} a deposit`;
    return `Staff are still preparing the renewal: its deposits (${agreed} so far) are worked out again with this choice when they save them${need}.`;
  }
  const base = `The renewal’s deposits are agreed at ${agreed}`;
  if (needed === null) return `${base}.`;
  if (needed > deposits.agreed) {
    return `${base}: with this choice they are worked out again to ${formatCurrency(needed)} a deposit, ${formatCurrency(cents(needed - deposits.agreed))} more.`;
  }
  if (needed < deposits.agreed) {
    return `${base}: with this choice they are worked out again to ${formatCurrency(needed)} a deposit, ${formatCurrency(cents(deposits.agreed - needed))} less.`;
  }
  return `${base}: with this choice they are what the renewal needs.`;
}

/** The history's words when a choice worked an agreed renewal's deposit out again. */
export function rederivedSentence(change: { before: Cents; after: Cents }): string {
  return `the renewal’s deposit worked out again from ${formatCurrency(change.before)} to ${formatCurrency(change.after)}`;
}

/** The term-end choice as the member's review of the renewal states it (all figures the server's). */
export interface RenewalReviewTermEnd {
  kind: TermEndChoiceKind;
  /** A choice was stored (else the default roll). */
  chosen: boolean;
  accountNumber: string | null;
  /** The version in force's forecast closing balance (null: no forecast). */
  closingBalance: Cents | null;
  /** The renewal's deposit as saved (worked out with the choice). */
  deposit: Cents;
  /** What the renewal's deposit would be opening from zero (nothing carried in; null: not worked out). */
  depositFromZero: Cents | null;
}

/**
 * Rule "the term-end choice in the renewal's review": the choice (or that none was made, so the balance is rolled),
 * what the renewal opens with by it (`carriedIntoRenewal`), and its effect on the renewal's deposit against opening
 * from zero: a surplus rolled in lowers it, a deficit spread over it raises it, a surplus paid out leaves it as from
 * zero.
 */
export function renewalReviewTermEnd(input: RenewalReviewTermEnd): {
  carried: Cents;
  effect: Cents | null;
  sentence: string;
} {
  const closing = input.closingBalance ?? ZERO;
  const carried = carriedIntoRenewal(closing, input.kind);
  const effect = input.depositFromZero === null ? null : cents(input.deposit - input.depositFromZero);
  const choice = input.chosen
    ? `Your term-end choice: ${choiceWords(input.kind, input.accountNumber)}.`
    : 'You have not made a term-end choice: the balance is rolled into the renewal.';
  if (input.closingBalance === null) return { carried, effect, sentence: choice };
  if (closing > 0 && carried === ZERO) {
    return {
      carried,
      effect,
      sentence: `${choice} The ${formatCurrency(closing)} your agreement is forecast to close with is paid out when the renewal takes over, so the renewal starts from zero and its deposit of ${formatCurrency(input.deposit)} carries nothing in.`,
    };
  }
  if (closing === 0) {
    return { carried, effect, sentence: `${choice} Your agreement is forecast to close with nothing to carry in.` };
  }
  const by =
    effect === null || effect === 0
      ? ''
      : ` (${formatCurrency(cents(Math.abs(effect)))} ${effect < 0 ? 'less' : 'more'} than starting from zero)`;
  return {
    carried,
    effect,
    sentence:
      closing > 0
        ? `${choice} The ${formatCurrency(closing)} your agreement is forecast to close with is carried into the renewal and lowers its deposit to ${formatCurrency(input.deposit)}${by}.`
        : `${choice} The ${formatCurrency(negate(closing))} your agreement is forecast to close short is carried into the renewal and spread over its deposits: ${formatCurrency(input.deposit)} a deposit${by}.`,
  };
}

/** A stored choice not yet carried out, as the notices and the worklist read it. */
export interface StoredTermEndChoice {
  kind: TermEndChoiceKind;
  /** Refund or savings: the account the surplus goes to. */
  accountNumber: string | null;
}

/**
 * The renewal-due notice's {termEndChoice} (rule "the choice in the renewal notice"): the member's choice, or that
 * none was made yet and so the balance is rolled into the renewal, and where to choose.
 */
export function termEndChoiceNotice(choice: StoredTermEndChoice | null): string {
  if (!choice) {
    return 'What happens to the balance when it ends is your choice: roll it into the renewal, or have a surplus refunded to a linked account or moved to savings. You have not chosen yet, so it will be rolled into the renewal. You can choose on your account’s overview in the portal.';
  }
  return `Your choice for the balance when it ends: ${choiceWords(choice.kind, choice.accountNumber)}. You can change it on your account’s overview in the portal until the renewal takes over.`;
}

/**
 * The renewal-due SMS's {balanceAtEnd}: the member's choice in a few words, so that it fits one message beside the
 * notice's own (the e-mail says it whole, `termEndChoiceNotice`).
 */
export function termEndChoiceSms(choice: StoredTermEndChoice | null): string {
  if (!choice) return 'Balance at end: rolled into renewal unless you choose in the portal.';
  switch (choice.kind) {
    case TermEndChoiceKind.Refund:
      return `Balance at end: surplus refunded to ${choice.accountNumber ?? 'your linked account'}.`;
    case TermEndChoiceKind.Savings:
      return `Balance at end: surplus moved to savings ${choice.accountNumber ?? 'account'}.`;
    default:
      return 'Balance at end: rolled into renewal, as you chose.';
  }
}

/** The staff worklist's renewal row: the member's choice, or that none was made yet (rolled by default). */
export function termEndChoiceForStaff(choice: StoredTermEndChoice | null): string {
  if (!choice) return 'Term-end choice: none made yet, so the balance will be rolled into the renewal.';
  return `Term-end choice: ${choiceWords(choice.kind, choice.accountNumber)}.`;
}
