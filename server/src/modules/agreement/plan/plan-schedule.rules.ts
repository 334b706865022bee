import { addDays, type LocalDate } from '../../../shared/local-date.js';
import { ContributionFrequency, depositDates, type DepositScheduleInput } from '../../deposit/index.js';
import type { AgreementFacts } from '../agreement-facts.js';

/** What a version's deposit schedule is made of (the deposits step's saved choices and the period). */
export type ScheduleFacts = Pick<
  AgreementFacts,
  | 'startDate'
  | 'endDate'
  | 'contributionFrequency'
  | 'contributionDate'
  | 'biMonthlyFirstDate'
  | 'biMonthlySecondDate'
  | 'selectedContributionDate'
>;

/** The first deposit of a twice-a-month schedule: the chosen one of the two dates, else the contribution date. */
export function biMonthlyFirstDeposit(input: {
  selected: number | null;
  date: LocalDate | null;
  first: LocalDate | null;
  second: LocalDate | null;
}): LocalDate | null {
  if (input.selected === 1 && input.first) return input.first;
  if (input.selected === 2 && input.second) return input.second;
  return input.date;
}

/**
 * Rule "first deposit date" (spec 3 §3-§5), as chosen: the contribution date (the start date on setup, the chosen
 * next date of a change), or for twice a month the chosen one of its two dates. The deposits step checks this
 * choice (a date outside the period is refused there); stored versions read `firstDepositDate`.
 */
export function chosenFirstDeposit(facts: ScheduleFacts): LocalDate {
  const date = facts.contributionDate ?? facts.startDate;
  if (facts.contributionFrequency !== ContributionFrequency.BiMonthly) return date;
  return (
    biMonthlyFirstDeposit({
      selected: facts.selectedContributionDate,
      date,
      first: facts.biMonthlyFirstDate,
      second: facts.biMonthlySecondDate,
    }) ?? date
  );
}

/**
 * The first deposit date of a stored version, the one answer for every reader (schedule, stored plan, confirm page,
 * printed agreement): the chosen first deposit, or the start date when a stored date lies outside the period (a
 * copied version's old date).
 */
export function firstDepositDate(facts: ScheduleFacts): LocalDate {
  const first = chosenFirstDeposit(facts);
  return first >= facts.startDate && first <= facts.endDate ? first : facts.startDate;
}

/** The deposit engine's schedule input for the version (twice a month without both dates: none). */
export function depositScheduleOf(facts: ScheduleFacts): DepositScheduleInput | null {
  const frequency = facts.contributionFrequency as ContributionFrequency;
  if (frequency === ContributionFrequency.BiMonthly && !(facts.biMonthlyFirstDate && facts.biMonthlySecondDate)) {
    return null;
  }
  return {
    frequency,
    firstDepositDate: firstDepositDate(facts),
    endDate: facts.endDate,
    biMonthlyDates:
      frequency === ContributionFrequency.BiMonthly
        ? { first: facts.biMonthlyFirstDate!, second: facts.biMonthlySecondDate! }
        : undefined,
  };
}

/** Every deposit date of the version's schedule over its period (none when it cannot be read). */
export function scheduledDepositDates(facts: ScheduleFacts): LocalDate[] {
  const schedule = depositScheduleOf(facts);
  if (!schedule) return [];
  try {
    return depositDates(schedule);
  } catch {
    return [];
  }
}

/**
 * Rule "the bank's first day for a deposit" (issue 25; core-banking README, deposits step): the bank's deposits step
 * of a day (00:05) asks once for the deposits due by that day. A deposit written today before it has run is taken
 * today; once it has run (`todaysDepositsTaken`, core-banking's record of the day's step) a deposit dated today would
 * be asked for only the next day, as a missed one: the first day for it is then tomorrow.
 */
export function bankFirstDepositDay(today: LocalDate, todaysDepositsTaken: boolean): LocalDate {
  return todaysDepositsTaken ? addDays(today, 1) : today;
}

/**
 * A schedule written on a day (a new agreement applied: the member's approval may come after that day's deposits
 * step) on the bank's days: a deposit dated before the bank's first day for a deposit (`bankFirstDepositDay`) moves
 * to it, so that it is asked for on its date and never reads as missed; the dates after it stay as agreed (the
 * chosen day of the week or month). Dates in order, none twice.
 */
export function onBankDays(dates: readonly LocalDate[], firstDay: LocalDate): LocalDate[] {
  const moved = dates.map((date) => (date < firstDay ? firstDay : date));
  return moved.filter((date, i) => i === 0 || date !== moved[i - 1]);
}

/**
 * Rule "the deposits a version collects" (a version applied: its scheduled deposits and its stored plan, the one
 * answer for both): its schedule's dates from `from` (the day it takes effect) on, on the bank's days (`onBankDays`
 * with `firstDay`, `bankFirstDepositDay`), without the dates in `held`: those whose deposit stayed with the version in
 * force (received or missed), not collected twice, nor a deposit moved onto one of them. Dates in order, none twice.
 */
export function collectedDepositDates(
  scheduleDates: readonly LocalDate[],
  from: LocalDate,
  firstDay: LocalDate,
  held: readonly LocalDate[] = [],
): LocalDate[] {
  const heldDates = new Set(held);
  const notHeld = (date: LocalDate) => !heldDates.has(date);
  return onBankDays(
    scheduleDates.filter((date) => date >= from && notHeld(date)),
    firstDay,
  ).filter(notHeld);
}
