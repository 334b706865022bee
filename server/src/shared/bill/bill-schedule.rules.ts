import { addDays, addMonths, fromEpochDay, localDate, toEpochDay, toYmd, type LocalDate } from '../local-date.js';
import { BillScheduleError, TOO_MANY_OCCURRENCES_MESSAGE } from './bill.errors.js';
import { BillingFrequency, frequencyStep, isBillingFrequency } from './billing-frequency.js';

/** No list of occurrences may be longer than this (3 §5, 3 §9). */
export const OCCURRENCE_CAP = 10_000;

/** The next-occurrence limit meaning "all of them" (1 §9, 3 §9). */
export const NO_LIMIT = -1;

/** An agreement's period, both ends included. */
export interface AgreementPeriod {
  start: LocalDate;
  end: LocalDate;
}

/** When a biller's or sub-category's bills fall. */
export interface BillSchedule {
  frequency: BillingFrequency;
  /**
   * The date of the (first) bill. Every occurrence is computed from it, never from the previous one, so a
   * bill on the 31st comes back to the 31st after a shorter month. For bi-monthly, the first date.
   */
  dateOfBill: LocalDate;
  /** Bi-monthly only: the second date (biMonthly2ndDate); its day of month repeats like the first's. */
  secondDateOfBill?: LocalDate | null;
  /**
   * The expected final bill (isFinalBillExpected): nothing falls after it, and it is itself a bill (3 §3:
   * the confirm page adds a 'Final bill' line on that date). The wire's empty sentinel 0001-01-01 must be
   * mapped to null before it gets here.
   */
  finalBillDate?: LocalDate | null;
}

export interface BillOccurrence {
  date: LocalDate;
  /** The expected final bill, whether or not it falls on a regular date. */
  isFinalBill: boolean;
}

export interface OccurrenceOptions {
  /** Only occurrences strictly after this date. */
  after?: LocalDate;
  /** At most this many occurrences; -1 (the default) means no limit. */
  limit?: number;
}

/** The dates of one regular series, the k-th computed straight from the anchor. */
interface Series {
  /** The k-th date (k from 0), or null once past the calendar's last year or the series' end. */
  at(k: number): LocalDate | null;
  /** The smallest k whose date is on or after `from`. */
  firstIndexOnOrAfter(from: LocalDate): number;
}

const LAST_EPOCH_DAY = toEpochDay(localDate(9999, 12, 31));

function daySeries(anchor: LocalDate, stepDays: number): Series {
  const anchorDay = toEpochDay(anchor);
  return {
    at: (k) => {
      const epochDay = anchorDay + k * stepDays;
      return epochDay > LAST_EPOCH_DAY ? null : fromEpochDay(epochDay);
    },
    firstIndexOnOrAfter: (from) => Math.max(0, Math.ceil((toEpochDay(from) - anchorDay) / stepDays)),
  };
}

function monthSeries(anchor: LocalDate, stepMonths: number): Series {
  const { year, month } = toYmd(anchor);
  const anchorMonthIndex = year * 12 + month - 1;
  const lastMonthIndex = 9999 * 12 + 11;
  const at = (k: number): LocalDate | null =>
    anchorMonthIndex + k * stepMonths > lastMonthIndex ? null : addMonths(anchor, k * stepMonths);
  return {
    at,
    firstIndexOnOrAfter: (from) => {
      const { year: fromYear, month: fromMonth } = toYmd(from);
      const monthsAhead = fromYear * 12 + fromMonth - 1 - anchorMonthIndex;
      const k = Math.max(0, Math.ceil(monthsAhead / stepMonths));
      // Same month as `from` but an earlier day: the next step is the first on or after it.
      const date = at(k);
      return date !== null && date < from ? k + 1 : k;
    },
  };
}

function onceSeries(date: LocalDate): Series {
  return {
    at: (k) => (k === 0 ? date : null),
    firstIndexOnOrAfter: (from) => (date >= from ? 0 : 1),
  };
}

function seriesFor(schedule: BillSchedule): Series[] {
  if (!isBillingFrequency(schedule.frequency)) {
    throw new BillScheduleError(
      'INVALID_FREQUENCY',
      `Not a billing frequency: ${schedule.frequency}`,
      'billingFrequency',
    );
  }
  const step = frequencyStep(schedule.frequency);
  switch (step.kind) {
    case 'days':
      return [daySeries(schedule.dateOfBill, step.days)];
    case 'months':
      return [monthSeries(schedule.dateOfBill, step.months)];
    case 'once':
      return [onceSeries(schedule.dateOfBill)];
    case 'twiceAMonth': {
      const second = schedule.secondDateOfBill;
      if (!second) {
        throw new BillScheduleError('SECOND_DATE_OF_BILL_REQUIRED', 'Dates are not valid.', 'biMonthly2ndDate');
      }
      return [monthSeries(schedule.dateOfBill, 1), monthSeries(second, 1)];
    }
  }
}

function tooManyOccurrences(): BillScheduleError {
  return new BillScheduleError('TOO_MANY_OCCURRENCES', TOO_MANY_OCCURRENCES_MESSAGE);
}

function checkPeriod(period: AgreementPeriod): void {
  if (period.start > period.end) {
    throw new BillScheduleError(
      'INVALID_PERIOD',
      `The period ends (${period.end}) before it starts (${period.start})`,
      'endDate',
    );
  }
}

function checkLimit(limit: number): number {
  if (!Number.isSafeInteger(limit) || limit < NO_LIMIT) {
    throw new BillScheduleError('INVALID_LIMIT', `Not an occurrence limit: ${limit}`, 'limit');
  }
  return limit;
}

/**
 * Merges the regular series' dates within [from, to], in date order, stopping at `limit`. Each series
 * starts at its first index on or after `from` (no walk from the anchor), so the work is O(result).
 */
function regularDates(series: Series[], from: LocalDate, to: LocalDate, limit: number): LocalDate[] {
  const indexes = series.map((s) => s.firstIndexOnOrAfter(from));
  const heads = series.map((s, i) => s.at(indexes[i]));
  const dates: LocalDate[] = [];
  for (;;) {
    let next = -1;
    let nextDate: LocalDate | null = null;
    for (let i = 0; i < heads.length; i++) {
      const head = heads[i];
      if (head !== null && head <= to && (nextDate === null || head < nextDate)) {
        next = i;
        nextDate = head;
      }
    }
    if (nextDate === null || dates.length === limit) return dates;
    if (dates.length === OCCURRENCE_CAP) throw tooManyOccurrences();
    dates.push(nextDate);
    indexes[next] += 1;
    heads[next] = series[next].at(indexes[next]);
  }
}

/**
 * The occurrences of a bill within the agreement period (both ends included), in date order: from the date
 * of bill, by its frequency, never after the final bill, which is one of them when it falls in the period.
 * Throws TOO_MANY_OCCURRENCES ('Error when getting the billers.') rather than return more than 10,000.
 */
export function billOccurrences(
  schedule: BillSchedule,
  period: AgreementPeriod,
  options: OccurrenceOptions = {},
): BillOccurrence[] {
  checkPeriod(period);
  const limit = checkLimit(options.limit ?? NO_LIMIT);
  const series = seriesFor(schedule);
  const finalBill = schedule.finalBillDate ?? null;
  const last = finalBill !== null && finalBill < period.end ? finalBill : period.end;
  if (options.after !== undefined && options.after >= last) return [];
  const first = options.after !== undefined && options.after >= period.start ? addDays(options.after, 1) : period.start;
  if (first > last || limit === 0) return [];

  const occurrences: BillOccurrence[] = regularDates(series, first, last, limit).map((date) => ({
    date,
    isFinalBill: false,
  }));
  if (finalBill === null || finalBill !== last) return occurrences;
  const lastOccurrence = occurrences.at(-1);
  if (lastOccurrence?.date === finalBill) {
    lastOccurrence.isFinalBill = true;
  } else if (limit === NO_LIMIT || occurrences.length < limit) {
    if (occurrences.length === OCCURRENCE_CAP) throw tooManyOccurrences();
    occurrences.push({ date: finalBill, isFinalBill: true });
  }
  return occurrences;
}

/** The next occurrences strictly after `after` within the period; `limit` -1 means all of them (1 §9). */
export function nextOccurrences(
  schedule: BillSchedule,
  period: AgreementPeriod,
  after: LocalDate,
  limit: number = NO_LIMIT,
): BillOccurrence[] {
  return billOccurrences(schedule, period, { after, limit });
}

/** The first occurrence strictly after `after` within the period, or null when there is none. */
export function nextOccurrence(
  schedule: BillSchedule,
  period: AgreementPeriod,
  after: LocalDate,
): BillOccurrence | null {
  return nextOccurrences(schedule, period, after, 1)[0] ?? null;
}

/**
 * The default date of bill when the member only knows the month (2 §9): the 1st of that month, next year
 * when the month is not later than today's month (so this month's 1st, already past or today, is skipped).
 */
export function roughDateOfBill(month: number, today: LocalDate): LocalDate {
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    throw new BillScheduleError('INVALID_MONTH', `Not a month: ${month}`, 'dateOfBill');
  }
  const current = toYmd(today);
  return localDate(month > current.month ? current.year : current.year + 1, month, 1);
}
