import {
  addDays,
  addMonths,
  addYears,
  daysBetween,
  formatDisplayDate,
  toYmd,
  type LocalDate,
} from '../../../shared/local-date.js';
import { formatCurrency, type Cents } from '../../../shared/money.js';
import { DepositType } from '../agreement-codes.js';
import { bankFirstDepositDay } from '../plan/plan-schedule.rules.js';
import {
  CONTRIBUTION_FREQUENCY_LABELS,
  ContributionFrequency,
  depositDates,
  initialPeriodOverdrawWarning,
  syncBiMonthlyDates,
} from '../../deposit/index.js';

/**
 * The deposits step's own rules (spec 3 §4, §5): the dates, the bi-monthly dates, the payment preference and the
 * overdraw choice. The deposit, the coverage check and the three overdraw checks are the deposit engine's
 * (`modules/deposit`, through the planner); these rules only read their answers. Pure: `today` is a parameter.
 */

/** A refusal of the step: a stable code, the field at fault and the message to show. */
export interface DepositsRefusal {
  code: string;
  field: string;
  message: string;
}

/** Setup: the contribution date is the agreement's start date; modify: the next deposit date of a running one. */
export type DepositsMode = 'setup' | 'modify';

export const DEPOSITS_MESSAGES = {
  dateNotInRange: 'Next pay date is not in the valid range. Please review and modify.',
  outsidePeriod: 'Date cannot be outside the agreement period. Please review and modify.',
  startInPast: 'Agreement start date cannot be in the past. Please review and modify.',
  todaysDepositsTaken: 'Today’s deposits have already been taken; the next deposit can be tomorrow or later.',
  frequencyRequired: 'Please choose how often the deposits are made.',
  payrollDeduction: 'Invalid payroll deduction details',
  periodicalPayment: 'Invalid periodical payment details',
  paymentPreference: 'Please select a payment preference',
  biMonthlyRequired: 'Both bi-monthly dates are required.',
  biMonthlyInPast: 'A bi-monthly date cannot be in the past.',
  biMonthlyFirstOutside: 'The first bi-monthly date must fall within the agreement period.',
  biMonthlySecondOutside: 'The second bi-monthly date must fall within the agreement period.',
  biMonthlySecondNotAfter: 'The second bi-monthly date must be after the first.',
  biMonthlySameDay: 'The two bi-monthly dates must fall on different days of the month.',
  biMonthlyTooFarApart: 'The second bi-monthly date must be less than a month after the first.',
  biMonthlySelection: 'Please choose which of the two bi-monthly dates the deposits start on.',
  topupAccountRequired: 'Please select the account the top-up is paid from.',
  topupBalanceTooLow: 'The available balance of the top-up account is less than the top-up amount.',
  /** A modification's deposit of 0.00 in a member's review of the change (change-review.rules.ts). */
  noMoreDepositsShort: 'None: no more deposits are needed to the end date',
} as const;

/**
 * Rule "no more deposits" in words: what is said of an agreement that holds enough for its bills to its end date, so
 * needs no deposit to come (a modification in the term's last weeks saved at 0.00). The deposits step's note and
 * What's next / the agreement summary (projection-words.rules.ts) say the same sentence.
 */
export function noMoreDepositsNeeded(endDate: LocalDate): string {
  return `No more deposits are needed: what the agreement holds covers its bills to its end on ${formatDisplayDate(endDate)}.`;
}

/**
 * Rule "no more deposits" (a modification in the term's last weeks): a deposit of 0.00 is saved when what the
 * agreement holds already covers its bills to the end date; the deposits step says so instead of a bare $0.00, and
 * the deposits still scheduled end when the change takes effect (modification-schedule.rules.ts). Null otherwise.
 */
export function noMoreDepositsNote(mode: DepositsMode, depositAmount: Cents | null, endDate: LocalDate): string | null {
  if (mode !== 'modify' || depositAmount !== 0) return null;
  return `${noMoreDepositsNeeded(endDate)} The deposits still scheduled stop when this change takes effect.`;
}

/** The overdraw choice (spec 3 §4): top up now, or step back and remove bills. */
export type OverdrawChoice = 'TopupNow' | 'RemoveBill';

export function overdrawChoiceRequiredMessage(durationDays: number): string {
  return `${initialPeriodOverdrawWarning(durationDays)} Please choose Top up now or Remove a bill.`;
}

export function removeBillMessage(durationDays: number): string {
  return `${initialPeriodOverdrawWarning(durationDays)} Step back and remove a bill before saving the deposits.`;
}

/** The frequencies the option cards offer, in the spec's order (3 §2): weekly ... twice a month. */
export const DEPOSIT_OPTION_FREQUENCIES: readonly ContributionFrequency[] = [
  ContributionFrequency.Weekly,
  ContributionFrequency.Fortnightly,
  ContributionFrequency.Monthly,
  ContributionFrequency.Quarterly,
  ContributionFrequency.Annually,
  ContributionFrequency.BiMonthly,
];

export function isContributionFrequency(code: number | null | undefined): code is ContributionFrequency {
  return typeof code === 'number' && Object.hasOwn(CONTRIBUTION_FREQUENCY_LABELS, code);
}

/**
 * The deposits step's first day for a deposit (spec 3 §5 "from today"): a modification's, the bank's
 * (`plan/plan-schedule.rules.ts#bankFirstDepositDay`: tomorrow once today's deposits step ran). A new agreement's
 * first deposit may be today in the wizard: it is approved by the member later, and applying it puts its schedule on
 * the bank's days then (`onBankDays`: a first deposit of today moves to tomorrow when today's step has run).
 */
export function firstBankDayForDeposit(mode: DepositsMode, today: LocalDate, todaysDepositsTaken: boolean): LocalDate {
  return mode === 'modify' ? bankFirstDepositDay(today, todaysDepositsTaken) : today;
}

/**
 * The first day a deposit may be dated: the bank's first day for it (`firstBankDayForDeposit`: today, or tomorrow
 * once today's deposits were taken), or a renewal's own first day (a modification whose period starts after that:
 * the renewal waits for the version in force to end, issue 26 item 1).
 */
export function firstContributionDay(
  mode: DepositsMode,
  today: LocalDate,
  period?: { startDate: LocalDate },
  todaysDepositsTaken = false,
): LocalDate {
  const first = firstBankDayForDeposit(mode, today, todaysDepositsTaken);
  return mode === 'modify' && period !== undefined && period.startDate > first ? period.startDate : first;
}

/**
 * Spec 3 §5, §9: setup from today to a year less a day; modify from today (tomorrow once today's deposits were
 * taken: `firstBankDayForDeposit`) to the same day next month (a renewal: from its first day to the same day of the
 * next month). The date field's range is this one, answered by the server (`dateRangeFrom`, `dateRangeTo`).
 */
export function contributionDateRange(
  mode: DepositsMode,
  today: LocalDate,
  period?: { startDate: LocalDate },
  todaysDepositsTaken = false,
): { from: LocalDate; to: LocalDate } {
  const from = firstContributionDay(mode, today, period, todaysDepositsTaken);
  const to = addMonths(firstContributionDay(mode, today, period), 1);
  return { from, to: mode === 'setup' ? addDays(addYears(today, 1), -1) : to };
}

/**
 * The date the step holds before anything is entered (then `contributionDateAfterLoad`). Setup: the start date. A
 * modification: the next deposit date chosen in this wizard when its step was saved, else the next deposit of the
 * version in force from its stored schedule (`inForceNext`), the date the member's deposits go on from. A copy's own
 * column is never the version in force's next deposit: it is the date chosen when that version was saved, long
 * arrived (a modification proposed "today" from it: a deposit the bank had already asked for that morning, moved two
 * days early, issue 25 item 6's run).
 */
export function storedContributionDate(
  mode: DepositsMode,
  version: { contributionDate: LocalDate | null; startDate: LocalDate; nextDepositDate: LocalDate | null },
  inForceNext: LocalDate | null,
): LocalDate | null {
  if (mode === 'setup') return version.contributionDate ?? version.startDate;
  return version.nextDepositDate ?? inForceNext ?? version.contributionDate;
}

/**
 * The twice-a-month dates the step holds before anything is entered. A modification whose dates were not chosen in
 * this wizard yet (`nextDepositDate` null: the copy holds the dates the version in force was saved with, past):
 * - the version in force's next two deposits from its stored schedule (`inForceNext`) when they fall from the
 *   version's first deposit day (`firstDay`) on, going on from the first (1): the member's deposits continue as they were;
 * - else (a renewal: its deposits start on its own first day, after the version in force's last) the member's two days
 *   of the month as the saved dates repeat them (the deposit engine's own schedule, `depositDates`) from `firstDay`
 *   within the version's period: the first two, going on from the first (1). A day a month lacks steps down to its
 *   last day (spec 3 §5), as the schedule has it; two dates on one day of the month are not a choice the step
 *   accepts, so the next date on another day is taken.
 * Otherwise (setup, dates chosen in this wizard, no two dates to come) the stored dates and choice.
 */
export function storedBiMonthlyDates(
  mode: DepositsMode,
  version: {
    contributionFrequency: number | null;
    nextDepositDate: LocalDate | null;
    first: LocalDate | null;
    second: LocalDate | null;
    selected: number | null;
    endDate: LocalDate;
  },
  inForceNext: readonly LocalDate[],
  firstDay: LocalDate,
): { first: LocalDate | null; second: LocalDate | null; selected: number | null } {
  const stored = { first: version.first, second: version.second, selected: version.selected };
  const goesOn =
    mode === 'modify' &&
    version.contributionFrequency === ContributionFrequency.BiMonthly &&
    version.nextDepositDate === null;
  if (!goesOn) return stored;
  const continued = twoOnDifferentDays(inForceNext.slice(0, 2));
  if (continued && continued.first >= firstDay) return { ...continued, selected: 1 };
  if (version.first === null || version.second === null) return stored;
  if (toYmd(version.first).day === toYmd(version.second).day) return stored;
  const pattern = twoOnDifferentDays(
    depositDates({
      frequency: ContributionFrequency.BiMonthly,
      biMonthlyDates: { first: version.first, second: version.second },
      firstDepositDate: firstDay,
      endDate: version.endDate,
    }),
  );
  return pattern ? { ...pattern, selected: 1 } : stored;
}

/** The first date and the next one after it on another day of the month (none when there are not two such). */
function twoOnDifferentDays(dates: readonly LocalDate[]): { first: LocalDate; second: LocalDate } | null {
  const [first] = dates;
  const second = first === undefined ? undefined : dates.find((date) => toYmd(date).day !== toYmd(first).day);
  return first === undefined || second === undefined ? null : { first, second };
}

/**
 * Spec 3 §4, after loading: an expired agreement uses its end date; a date already past (or before a renewal's
 * first day, `firstDay`) becomes that first day.
 */
export function contributionDateAfterLoad(input: {
  date: LocalDate | null;
  endDate: LocalDate;
  today: LocalDate;
  firstDay?: LocalDate;
}): LocalDate {
  const first = input.firstDay !== undefined && input.firstDay > input.today ? input.firstDay : input.today;
  if (input.endDate < input.today) return input.endDate;
  if (input.date === null || input.date < first) return first;
  return input.date;
}

/**
 * The agreement period once the deposits are saved. In setup the contribution date is the agreement's start date
 * (spec 3 §3 "on setup the date is startDate"): the period moves with it and keeps its length. A modification
 * keeps its period.
 */
export function periodFor(
  mode: DepositsMode,
  stored: { startDate: LocalDate; endDate: LocalDate },
  contributionDate: LocalDate | null,
): { startDate: LocalDate; endDate: LocalDate } {
  if (mode === 'modify' || contributionDate === null) return stored;
  return {
    startDate: contributionDate,
    endDate: addDays(contributionDate, daysBetween(stored.startDate, stored.endDate)),
  };
}

/**
 * Spec 3 §5: present, not before today, within the range; in modify also inside the agreement period, and not today
 * once today's deposits were taken (`firstBankDayForDeposit`). The range of a renewal starts on its own first day
 * (`firstContributionDay`).
 */
export function checkContributionDate(input: {
  date: LocalDate | null;
  mode: DepositsMode;
  today: LocalDate;
  period: { startDate: LocalDate; endDate: LocalDate };
  /** The bank's deposits step of today has run (core-banking's record). */
  todaysDepositsTaken?: boolean;
}): DepositsRefusal | null {
  const field = 'contributionDate';
  if (input.date === null) return { code: 'DATE_NOT_IN_RANGE', field, message: DEPOSITS_MESSAGES.dateNotInRange };
  if (input.date < input.today) return { code: 'START_DATE_IN_PAST', field, message: DEPOSITS_MESSAGES.startInPast };
  if (input.date < firstBankDayForDeposit(input.mode, input.today, input.todaysDepositsTaken === true)) {
    return { code: 'TODAYS_DEPOSITS_TAKEN', field, message: DEPOSITS_MESSAGES.todaysDepositsTaken };
  }
  if (input.mode === 'modify' && (input.date < input.period.startDate || input.date > input.period.endDate)) {
    return { code: 'OUTSIDE_AGREEMENT_PERIOD', field, message: DEPOSITS_MESSAGES.outsidePeriod };
  }
  if (input.date > contributionDateRange(input.mode, input.today, input.period).to) {
    return { code: 'DATE_NOT_IN_RANGE', field, message: DEPOSITS_MESSAGES.dateNotInRange };
  }
  return null;
}

/**
 * Spec 3 §5 bi-monthly dates: both required; neither before today; the first within the period; the second within
 * it and after the first; on different days of the month (the engine cannot schedule two deposits on one day
 * number). In setup the second is less than a month after the first; in modify that distance check is skipped.
 */
export function checkBiMonthlyDates(input: {
  first: LocalDate | null;
  second: LocalDate | null;
  mode: DepositsMode;
  today: LocalDate;
  period: { startDate: LocalDate; endDate: LocalDate };
}): DepositsRefusal | null {
  const { first, second, period } = input;
  const refuse = (code: string, field: string, message: string) => ({ code, field, message });
  if (first === null) return refuse('BI_MONTHLY_REQUIRED', 'biMonthly1stDate', DEPOSITS_MESSAGES.biMonthlyRequired);
  if (second === null) return refuse('BI_MONTHLY_REQUIRED', 'biMonthly2ndDate', DEPOSITS_MESSAGES.biMonthlyRequired);
  if (first < input.today) return refuse('BI_MONTHLY_IN_PAST', 'biMonthly1stDate', DEPOSITS_MESSAGES.biMonthlyInPast);
  if (second < input.today) return refuse('BI_MONTHLY_IN_PAST', 'biMonthly2ndDate', DEPOSITS_MESSAGES.biMonthlyInPast);
  const outside = (date: LocalDate) => date < period.startDate || date > period.endDate;
  if (outside(first)) {
    return refuse('BI_MONTHLY_OUTSIDE_PERIOD', 'biMonthly1stDate', DEPOSITS_MESSAGES.biMonthlyFirstOutside);
  }
  if (outside(second)) {
    return refuse('BI_MONTHLY_OUTSIDE_PERIOD', 'biMonthly2ndDate', DEPOSITS_MESSAGES.biMonthlySecondOutside);
  }
  if (second <= first) {
    return refuse('BI_MONTHLY_ORDER', 'biMonthly2ndDate', DEPOSITS_MESSAGES.biMonthlySecondNotAfter);
  }
  if (toYmd(first).day === toYmd(second).day) {
    return refuse('BI_MONTHLY_SAME_DAY', 'biMonthly2ndDate', DEPOSITS_MESSAGES.biMonthlySameDay);
  }
  if (input.mode === 'setup' && second >= addMonths(first, 1)) {
    return refuse('BI_MONTHLY_TOO_FAR_APART', 'biMonthly2ndDate', DEPOSITS_MESSAGES.biMonthlyTooFarApart);
  }
  return null;
}

/** Spec 3 §4: twice a month needs a chosen date (1 or 2), or a contribution date equal to one of the two. */
export function checkBiMonthlySelection(input: {
  selected: number | null;
  date: LocalDate | null;
  first: LocalDate | null;
  second: LocalDate | null;
}): DepositsRefusal | null {
  if (input.selected === 1 || input.selected === 2) return null;
  if (input.date !== null && (input.date === input.first || input.date === input.second)) return null;
  return {
    code: 'BI_MONTHLY_SELECTION',
    field: 'selectedContributionDate',
    message: DEPOSITS_MESSAGES.biMonthlySelection,
  };
}

/** Spec 3 §4: a start date for another frequency syncs the bi-monthly date on its side of the split day (20). */
export function syncedBiMonthlyDates(
  frequency: number | null,
  date: LocalDate | null,
  current: { first: LocalDate | null; second: LocalDate | null },
): { first: LocalDate | null; second: LocalDate | null } {
  if (frequency === ContributionFrequency.BiMonthly || date === null) return current;
  return syncBiMonthlyDates(date, current);
}

/**
 * Spec 3 §5 payment preference: shown and not chosen → 'Please select a payment preference'; payroll deduction
 * needs the remitter's name and number; a periodical payment needs a savings account of the account's members.
 */
export function checkPaymentPreference(input: {
  showOptions: boolean;
  depositType: number | null;
  remitterName: string | null;
  remitterNumber: string | null;
  periodicalPaymentAccount: number | null;
  periodicalAccountIsMembers: boolean;
}): DepositsRefusal | null {
  if (input.depositType === null) {
    return input.showOptions
      ? { code: 'PAYMENT_PREFERENCE_REQUIRED', field: 'depositType', message: DEPOSITS_MESSAGES.paymentPreference }
      : null;
  }
  if (input.depositType === DepositType.PayrollDeduction) {
    const blank = (text: string | null) => text === null || text.trim() === '';
    if (blank(input.remitterName)) {
      return { code: 'INVALID_PAYROLL_DEDUCTION', field: 'remitterName', message: DEPOSITS_MESSAGES.payrollDeduction };
    }
    if (blank(input.remitterNumber)) {
      return {
        code: 'INVALID_PAYROLL_DEDUCTION',
        field: 'remitterNumber',
        message: DEPOSITS_MESSAGES.payrollDeduction,
      };
    }
    return null;
  }
  if (input.depositType === DepositType.PeriodicalPayment) {
    const account = input.periodicalPaymentAccount;
    if (account === null || !(account > 0) || !input.periodicalAccountIsMembers) {
      return {
        code: 'INVALID_PERIODICAL_PAYMENT',
        field: 'periodicalPaymentAccount',
        message: DEPOSITS_MESSAGES.periodicalPayment,
      };
    }
    return null;
  }
  return { code: 'PAYMENT_PREFERENCE_REQUIRED', field: 'depositType', message: DEPOSITS_MESSAGES.paymentPreference };
}

/**
 * Spec 3 §4-§5 and DOMAIN "Deposits" check 1: overdrawn within the initial duration → a choice is required.
 * RemoveBill keeps the save refused (the agent steps back to remove bills); TopupNow needs a top-up account of
 * the members whose available balance covers the top-up (the deepest shortfall within the duration).
 */
export function checkOverdrawChoice(input: {
  overdrawnWithinInitialDuration: boolean;
  durationDays: number;
  choice: OverdrawChoice | null;
  topUpNeeded: Cents;
  topupAccount: { id: number; availableBalance: Cents } | null;
}): DepositsRefusal | null {
  if (!input.overdrawnWithinInitialDuration) return null;
  if (input.choice === null) {
    return {
      code: 'OVERDRAW_CHOICE_REQUIRED',
      field: 'isTopupPerformed',
      message: overdrawChoiceRequiredMessage(input.durationDays),
    };
  }
  if (input.choice === 'RemoveBill') {
    return {
      code: 'REMOVE_BILL_REQUIRED',
      field: 'isRemoveBillPerformed',
      message: removeBillMessage(input.durationDays),
    };
  }
  if (input.topupAccount === null) {
    return {
      code: 'TOPUP_ACCOUNT_REQUIRED',
      field: 'topupAccount',
      message: DEPOSITS_MESSAGES.topupAccountRequired,
    };
  }
  if (input.topupAccount.availableBalance < input.topUpNeeded) {
    return { code: 'TOPUP_BALANCE_TOO_LOW', field: 'topupAccount', message: DEPOSITS_MESSAGES.topupBalanceTooLow };
  }
  return null;
}

/** TopupNow / RemoveBill from the view model's two flags; both set is no choice (refused as such). */
export function overdrawChoiceOf(flags: {
  isTopupPerformed: boolean;
  isRemoveBillPerformed: boolean;
}): OverdrawChoice | null {
  if (flags.isTopupPerformed === flags.isRemoveBillPerformed) return null;
  return flags.isTopupPerformed ? 'TopupNow' : 'RemoveBill';
}

/** Overdraw rule duration: stored in days, shown in weeks (spec 3 §3, §9). */
export function durationInWeeks(days: number): number {
  return Math.round((days / 7) * 10) / 10;
}

/** A default second date for a twice-a-month option when none is chosen yet: two weeks after the first. */
export function defaultBiMonthlyDates(date: LocalDate): { first: LocalDate; second: LocalDate } {
  return { first: date, second: addDays(date, 14) };
}

/** The fee display of the step (spec 3 §2): the server setting's fee per deposit, or that none applies. */
export function feeDisplay(fee: Cents | null): string {
  return fee === null || fee <= 0 ? 'No fee applies.' : `A fee of ${formatCurrency(fee)} applies to each deposit.`;
}

/** Billing source codes (spec 1 §9) of an occurrence's source. */
export const BillingSource = { Contribution: 0, BillingSubCategory: 4, Biller: 5 } as const;

/** The occurrence cap (spec 3 §9): longer lists are refused with 'Error when getting the billers.' */
export const OCCURRENCE_CAP = 10_000;

/** transactionOccurrences (spec 3 §3 "next transaction occurrence: nextDate"): the schedule's deposit dates. */
export function transactionOccurrences(depositDates: readonly LocalDate[]): { nextDate: LocalDate }[] {
  return depositDates.slice(0, OCCURRENCE_CAP).map((nextDate) => ({ nextDate }));
}

/**
 * incorrectTransactionOccurrences (spec 3 §3 "incorrect occurrence: billingSourceId, billingSource, nextDate"): our
 * reading: the bills of the version's billers and sub-categories that fall due before the schedule's first deposit,
 * which no deposit of this schedule can have paid for (they lean on the balance or the overdraw). `key` is the
 * planner's biller key (`biller:12`, `subcategory:3`).
 */
export function incorrectTransactionOccurrences(
  bills: readonly { key: string; date: LocalDate }[],
  depositDates: readonly LocalDate[],
): { billingSourceId: number; billingSource: number; nextDate: LocalDate }[] {
  const first = depositDates[0];
  return bills
    .filter((bill) => first === undefined || bill.date < first)
    .slice(0, OCCURRENCE_CAP)
    .map((bill) => {
      const [kind, id] = bill.key.split(':');
      return {
        billingSourceId: Number(id),
        billingSource: kind === 'subcategory' ? BillingSource.BillingSubCategory : BillingSource.Biller,
        nextDate: bill.date,
      };
    })
    .sort((a, b) =>
      a.nextDate < b.nextDate ? -1 : a.nextDate > b.nextDate ? 1 : a.billingSourceId - b.billingSourceId,
    );
}
