import { addDays, addMonths, toYmd, type LocalDate } from '../../shared/local-date.js';
import { DepositRuleError } from '../../shared/deposit/deposit.errors.js';

/** Contribution (deposit) frequency codes, as the spec numbers them (spec 3 §4). */
export enum ContributionFrequency {
  Weekly = 1,
  Fortnightly = 2,
  Monthly = 3,
  Quarterly = 5,
  /** Paid up front once a year. */
  Annually = 7,
  /** Twice a month on two chosen days (the spec's "bi-monthly"; not every second month). */
  BiMonthly = 10,
}

/**
 * The one name of each deposit frequency, on every screen, report and preview: the spec's (3 §4), so 10 is
 * "Bi-monthly" (twice a month on two chosen days) everywhere, the wizard's option cards included.
 */
export const CONTRIBUTION_FREQUENCY_LABELS: Record<ContributionFrequency, string> = {
  [ContributionFrequency.Weekly]: 'Weekly',
  [ContributionFrequency.Fortnightly]: 'Fortnightly',
  [ContributionFrequency.Monthly]: 'Monthly',
  [ContributionFrequency.Quarterly]: 'Quarterly',
  [ContributionFrequency.Annually]: 'Annually',
  [ContributionFrequency.BiMonthly]: 'Bi-monthly',
};

/**
 * A deposit frequency code's name (the table above); a code outside the spec's is named `unknown` (by default by its
 * number): the one reading of the table, each caller with its own word for a code it does not know.
 */
export function contributionFrequencyLabel(code: number, unknown = `Frequency ${code}`): string {
  return Object.hasOwn(CONTRIBUTION_FREQUENCY_LABELS, code)
    ? CONTRIBUTION_FREQUENCY_LABELS[code as ContributionFrequency]
    : unknown;
}

/** A day of month up to this one belongs to the first bi-monthly date, a later one to the second. */
export const BI_MONTHLY_SPLIT_DAY = 20;

/** The two chosen dates of a twice-a-month schedule; each repeats monthly on its own day of month. */
export interface BiMonthlyDates {
  first: LocalDate;
  second: LocalDate;
}

export interface DepositScheduleInput {
  frequency: ContributionFrequency;
  /** The first deposit (contribution) date: the start date on setup, the next date on modification. */
  firstDepositDate: LocalDate;
  /** The agreement's end date; a deposit on it still counts. */
  endDate: LocalDate;
  /** Required for twice-a-month deposits. */
  biMonthlyDates?: BiMonthlyDates;
  /**
   * For monthly, quarterly and annual deposits: the day of month the member chose, when the first date was
   * already clamped (a 31st schedule whose next date is 30 April). Defaults to the first date's day.
   */
  preferredDay?: number;
}

const MONTH_STEP: Partial<Record<ContributionFrequency, number>> = {
  [ContributionFrequency.Monthly]: 1,
  [ContributionFrequency.Quarterly]: 3,
  [ContributionFrequency.Annually]: 12,
};

/**
 * Every deposit date from the first deposit date to the end date (both inclusive), sorted.
 * Each date is computed from its anchor (first date + k periods), never from the previous, clamped one,
 * so a 31st schedule goes 31 Jan, 29 Feb, 31 Mar rather than drifting to the 29th.
 */
export function depositDates(input: DepositScheduleInput): LocalDate[] {
  const { frequency, firstDepositDate, endDate } = input;
  if (endDate < firstDepositDate) return [];
  switch (frequency) {
    case ContributionFrequency.Weekly:
      return everyNDays(firstDepositDate, endDate, 7);
    case ContributionFrequency.Fortnightly:
      return everyNDays(firstDepositDate, endDate, 14);
    case ContributionFrequency.Monthly:
    case ContributionFrequency.Quarterly:
    case ContributionFrequency.Annually: {
      const step = MONTH_STEP[frequency] ?? 1;
      const day = input.preferredDay ?? toYmd(firstDepositDate).day;
      return [firstDepositDate, ...everyNMonths(firstDepositDate, endDate, step, day, 1)];
    }
    case ContributionFrequency.BiMonthly:
      return twiceMonthly(input);
    default:
      throw new DepositRuleError(`Unknown contribution frequency: ${String(frequency)}`);
  }
}

function everyNDays(first: LocalDate, end: LocalDate, days: number): LocalDate[] {
  const dates: LocalDate[] = [];
  for (let k = 0; ; k += 1) {
    const date = addDays(first, k * days);
    if (date > end) return dates;
    dates.push(date);
  }
}

function everyNMonths(anchor: LocalDate, end: LocalDate, step: number, day: number, fromK: number): LocalDate[] {
  const dates: LocalDate[] = [];
  for (let k = fromK; ; k += 1) {
    const date = addMonths(anchor, k * step, day);
    if (date > end) return dates;
    dates.push(date);
  }
}

/**
 * Twice a month: each chosen date repeats monthly on its own day; both series are merged and cut to the
 * first deposit date, which is one of the two chosen dates or a later next date. Where both days clamp to
 * the same month-end (30th and 31st in February) the member still makes two deposits that day.
 */
function twiceMonthly(input: DepositScheduleInput): LocalDate[] {
  const dates = input.biMonthlyDates;
  if (!dates) throw new DepositRuleError('Twice-a-month deposits need both bi-monthly dates');
  const firstDay = toYmd(dates.first).day;
  const secondDay = toYmd(dates.second).day;
  if (firstDay === secondDay) throw new DepositRuleError('The two bi-monthly dates must fall on different days');
  const series = [
    ...everyNMonths(dates.first, input.endDate, 1, firstDay, 0),
    ...everyNMonths(dates.second, input.endDate, 1, secondDay, 0),
  ];
  return series.filter((date) => date >= input.firstDepositDate).sort();
}

/** Spec 3 §4: a day of 20 or less is the first bi-monthly date, a later day the second. */
export function biMonthlySlotFor(date: LocalDate): 1 | 2 {
  return toYmd(date).day <= BI_MONTHLY_SPLIT_DAY ? 1 : 2;
}

/** Choosing a non-bi-monthly start date syncs the bi-monthly date on the same side of the split day. */
export function syncBiMonthlyDates(
  startDate: LocalDate,
  current: { first: LocalDate | null; second: LocalDate | null },
): { first: LocalDate | null; second: LocalDate | null } {
  return biMonthlySlotFor(startDate) === 1 ? { ...current, first: startDate } : { ...current, second: startDate };
}

/**
 * Spec 3 §4 pay-up-front today bypass of the expenses-covered check. Our reading: "pay up front" is the
 * annual frequency; on setup any date from today on qualifies, on modification only today itself.
 */
export function payTodayBypassApplies(input: {
  frequency: ContributionFrequency;
  contributionDate: LocalDate;
  today: LocalDate;
  mode: 'setup' | 'modify';
}): boolean {
  if (input.frequency !== ContributionFrequency.Annually) return false;
  return input.mode === 'setup' ? input.contributionDate >= input.today : input.contributionDate === input.today;
}
