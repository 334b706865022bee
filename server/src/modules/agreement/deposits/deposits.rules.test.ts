import { describe, expect, it } from 'vitest';
import type { LocalDate } from '../../../shared/local-date.js';
import { cents, type Cents } from '../../../shared/money.js';
import {
  feeDisplay,
  incorrectTransactionOccurrences,
  transactionOccurrences,
  checkBiMonthlyDates,
  checkBiMonthlySelection,
  checkContributionDate,
  checkOverdrawChoice,
  checkPaymentPreference,
  contributionDateAfterLoad,
  contributionDateRange,
  DEPOSITS_MESSAGES,
  durationInWeeks,
  firstBankDayForDeposit,
  firstContributionDay,
  noMoreDepositsNeeded,
  noMoreDepositsNote,
  overdrawChoiceOf,
  periodFor,
  storedBiMonthlyDates,
  storedContributionDate,
  syncedBiMonthlyDates,
} from './deposits.rules.js';
import { biMonthlyFirstDeposit } from '../plan/plan-schedule.rules.js';

const d = (text: string) => text as LocalDate;
const today = d('2026-03-10');
const setupPeriod = { startDate: d('2026-03-10'), endDate: d('2027-03-09') };
const modifyPeriod = { startDate: d('2025-06-01'), endDate: d('2026-05-31') };
/** A renewal: its own period starts the day after the version in force ends, more than a year ahead. */
const renewalPeriod = { startDate: d('2027-04-01'), endDate: d('2028-03-31') };

describe('contributionDateRange (3 §9)', () => {
  it.each([
    ['setup: today to a year less a day', 'setup', '2026-03-10', '2027-03-09'],
    ['modify: today to the same day next month', 'modify', '2026-03-10', '2026-04-10'],
  ] as const)('%s', (_, mode, from, to) => {
    expect(contributionDateRange(mode, today)).toEqual({ from, to });
  });

  it('renewal: from its own first day to the same day next month', () => {
    expect(contributionDateRange('modify', today, renewalPeriod)).toEqual({ from: '2027-04-01', to: '2027-05-01' });
    expect(firstContributionDay('modify', today, renewalPeriod)).toBe('2027-04-01');
    // A modification of the version in force (its period began before today) starts today.
    expect(firstContributionDay('modify', today, modifyPeriod)).toBe(today);
    expect(firstContributionDay('setup', today, renewalPeriod)).toBe(today);
  });
});

describe('firstBankDayForDeposit: a modification’s next deposit after the bank’s day has run (issue 25)', () => {
  const tomorrow = d('2026-03-11');
  // [case, mode, today's deposits step run, first day, range of the date field]
  it.each([
    ['modify, before today’s deposits step', 'modify', false, today, { from: today, to: '2026-04-10' }],
    ['modify, after it: tomorrow (the same last day)', 'modify', true, tomorrow, { from: tomorrow, to: '2026-04-10' }],
    ['setup, after it: the start stays from today', 'setup', true, today, { from: today, to: '2027-03-09' }],
    ['setup, before it', 'setup', false, today, { from: today, to: '2027-03-09' }],
  ] as const)('%s', (_, mode, taken, first, range) => {
    expect(firstBankDayForDeposit(mode, today, taken)).toBe(first);
    expect(firstContributionDay(mode, today, modifyPeriod, taken)).toBe(first);
    expect(contributionDateRange(mode, today, modifyPeriod, taken)).toEqual(range);
  });

  it('leaves a renewal on its own first day, whatever the bank did today', () => {
    expect(firstContributionDay('modify', today, renewalPeriod, true)).toBe('2027-04-01');
    expect(contributionDateRange('modify', today, renewalPeriod, true)).toEqual({
      from: '2027-04-01',
      to: '2027-05-01',
    });
  });

  it.each([
    ['today, after today’s deposits were taken', '2026-03-10', true, 'TODAYS_DEPOSITS_TAKEN'],
    ['yesterday, after them: in the past first', '2026-03-09', true, 'START_DATE_IN_PAST'],
    ['today, before they were taken', '2026-03-10', false, null],
    ['tomorrow, after they were taken', '2026-03-11', true, null],
    ['the same day next month, after they were taken', '2026-04-10', true, null],
  ] as const)('checkContributionDate (modify): %s → %s', (_, date, taken, code) => {
    const refusal = checkContributionDate({
      date: d(date),
      mode: 'modify',
      today,
      period: modifyPeriod,
      todaysDepositsTaken: taken,
    });
    expect(refusal?.code ?? null).toBe(code);
  });

  it('says why today is refused, at the date', () => {
    expect(
      checkContributionDate({ date: today, mode: 'modify', today, period: modifyPeriod, todaysDepositsTaken: true }),
    ).toEqual({
      code: 'TODAYS_DEPOSITS_TAKEN',
      field: 'contributionDate',
      message: 'Today’s deposits have already been taken; the next deposit can be tomorrow or later.',
    });
    // A new agreement starting today is not refused by it (its first deposit is its start).
    expect(
      checkContributionDate({ date: today, mode: 'setup', today, period: setupPeriod, todaysDepositsTaken: true }),
    ).toBeNull();
  });

  it('proposes tomorrow after loading when the stored next deposit is today and today’s were taken', () => {
    const firstDay = firstContributionDay('modify', today, modifyPeriod, true);
    expect(contributionDateAfterLoad({ date: today, endDate: modifyPeriod.endDate, today, firstDay })).toBe(tomorrow);
  });
});

describe('storedContributionDate (3 §3, §4: what the step holds before anything is entered)', () => {
  const version = (contributionDate: string | null, nextDepositDate: string | null) => ({
    contributionDate: contributionDate as LocalDate | null,
    startDate: d('2026-01-02'),
    nextDepositDate: nextDepositDate as LocalDate | null,
  });
  it.each([
    ['setup: the stored start date', 'setup', version('2026-03-12', null), null, '2026-03-12'],
    ['setup without one: the agreement’s start', 'setup', version(null, null), null, '2026-01-02'],
    [
      'modify: the date chosen in this wizard',
      'modify',
      version('2026-01-02', '2026-03-20'),
      '2026-03-18',
      '2026-03-20',
    ],
    [
      'modify, nothing chosen yet: the version in force’s next',
      'modify',
      version('2026-01-02', null),
      '2026-03-18',
      '2026-03-18',
    ],
    ['modify, no deposit to come: the contribution date', 'modify', version('2026-01-02', null), null, '2026-01-02'],
  ] as const)('%s', (_, mode, stored, inForceNext, expected) => {
    expect(storedContributionDate(mode, stored, inForceNext as LocalDate | null)).toBe(expected);
  });
});

describe('storedBiMonthlyDates (3 §4: the twice-a-month dates before anything is entered)', () => {
  const saved = { first: d('2026-01-02'), second: d('2026-01-16'), selected: 2 };
  const version = (frequency: number, nextDepositDate: string | null, dates = saved, endDate = '2026-12-31') => ({
    contributionFrequency: frequency,
    nextDepositDate: nextDepositDate as LocalDate | null,
    ...dates,
    endDate: d(endDate),
  });
  const next = [d('2026-03-16'), d('2026-04-02')];
  /** A renewal's own dates: its period starts on its first day, after the version in force's last deposit. */
  const renewal = (dates: { first: string; second: string }, firstDay: string) => ({
    stored: version(10, null, { first: d(dates.first), second: d(dates.second), selected: 2 }, '2028-03-31'),
    firstDay: d(firstDay),
  });
  it.each([
    [
      'modify: goes on from the version in force’s next two',
      'modify',
      version(10, null),
      next,
      today,
      { first: '2026-03-16', second: '2026-04-02', selected: 1 },
    ],
    ['modify, dates chosen in this wizard: kept', 'modify', version(10, '2026-03-20'), next, today, saved],
    ['modify of another frequency: the stored dates', 'modify', version(2, null), next, today, saved],
    [
      'modify, one deposit to come: the member’s two days from today (one left in its period: the stored dates)',
      'modify',
      version(10, null, saved, '2026-03-31'),
      next.slice(0, 1),
      today,
      saved,
    ],
    ['setup: the stored dates', 'setup', version(10, null), next, today, saved],
  ] as const)('%s', (_, mode, stored, inForceNext, firstDay, expected) => {
    expect(storedBiMonthlyDates(mode, stored, inForceNext, firstDay)).toEqual(expected);
  });

  it.each([
    [
      'starting on one of the member’s days: that day and the other, from the first',
      renewal({ first: '2026-04-01', second: '2026-04-16' }, '2027-04-01'),
      { first: '2027-04-01', second: '2027-04-16', selected: 1 },
    ],
    [
      'starting between them: the member’s next day, then the other (the 5th and 20th kept)',
      renewal({ first: '2026-04-05', second: '2026-04-20' }, '2027-04-10'),
      { first: '2027-04-20', second: '2027-05-05', selected: 1 },
    ],
    [
      'starting after both days of its month: the next month’s two',
      renewal({ first: '2026-04-05', second: '2026-04-20' }, '2027-04-21'),
      { first: '2027-05-05', second: '2027-05-20', selected: 1 },
    ],
    [
      'a 31st the month lacks steps down to its last day (3 §5), as the schedule has it',
      renewal({ first: '2026-03-15', second: '2026-03-31' }, '2027-04-16'),
      { first: '2027-04-30', second: '2027-05-15', selected: 1 },
    ],
    [
      'two days stepped down onto one (30th and 31st in February): the next date on another day',
      renewal({ first: '2026-01-30', second: '2026-01-31' }, '2027-02-01'),
      { first: '2027-02-28', second: '2027-03-30', selected: 1 },
    ],
  ] as const)('a renewal %s', (_, { stored, firstDay }, expected) => {
    // Its version in force's next deposits all fall before its first day.
    expect(storedBiMonthlyDates('modify', stored, next, firstDay)).toEqual(expected);
  });

  it('a renewal whose saved dates fall on one day of the month keeps them (nothing to go on from)', () => {
    const same = { first: d('2026-01-05'), second: d('2026-02-05'), selected: 1 };
    expect(storedBiMonthlyDates('modify', version(10, null, same, '2028-03-31'), next, d('2027-04-01'))).toEqual(same);
  });

  it('what it proposes the step accepts: from the first day on, in the period, on two days (3 §5)', () => {
    const { stored, firstDay } = renewal({ first: '2026-04-05', second: '2026-04-20' }, '2027-04-10');
    const proposed = storedBiMonthlyDates('modify', stored, next, firstDay);
    expect(
      checkBiMonthlyDates({
        first: proposed.first,
        second: proposed.second,
        mode: 'modify',
        today,
        period: { startDate: firstDay, endDate: stored.endDate },
      }),
    ).toBeNull();
  });
});

describe('contributionDateAfterLoad (3 §4)', () => {
  it.each([
    ['an expired agreement uses its end date', '2026-05-01', '2026-03-01', '2026-03-01'],
    ['a past date becomes today', '2026-03-01', '2026-12-31', '2026-03-10'],
    ['no date becomes today', null, '2026-12-31', '2026-03-10'],
    ['a future date stays', '2026-04-02', '2026-12-31', '2026-04-02'],
    ['today stays', '2026-03-10', '2026-12-31', '2026-03-10'],
  ])('%s', (_, date, endDate, expected) => {
    expect(contributionDateAfterLoad({ date: date as LocalDate | null, endDate: d(endDate), today })).toBe(expected);
  });

  it.each([
    ['no date becomes the renewal’s first day', null, '2027-04-01'],
    ['a date before its first day becomes its first day', '2026-03-10', '2027-04-01'],
    ['a date in its period stays', '2027-04-15', '2027-04-15'],
  ])('renewal: %s', (_, date, expected) => {
    const load = { date: date as LocalDate | null, endDate: renewalPeriod.endDate, today, firstDay: d('2027-04-01') };
    expect(contributionDateAfterLoad(load)).toBe(expected);
  });
});

describe('periodFor: in setup the contribution date is the start date, the period keeps its length', () => {
  it.each([
    ['setup moves the period', 'setup', '2026-04-01', { startDate: '2026-04-01', endDate: '2027-03-31' }],
    ['setup without a date keeps it', 'setup', null, setupPeriod],
    ['modify keeps its period', 'modify', '2026-04-01', setupPeriod],
  ] as const)('%s', (_, mode, date, expected) => {
    expect(periodFor(mode, setupPeriod, date as LocalDate | null)).toEqual(expected);
  });
});

describe('checkContributionDate (3 §5)', () => {
  it.each([
    ['missing', 'setup', null, 'DATE_NOT_IN_RANGE', DEPOSITS_MESSAGES.dateNotInRange],
    ['yesterday (setup)', 'setup', '2026-03-09', 'START_DATE_IN_PAST', DEPOSITS_MESSAGES.startInPast],
    ['yesterday (modify)', 'modify', '2026-03-09', 'START_DATE_IN_PAST', DEPOSITS_MESSAGES.startInPast],
    [
      'a year ahead (setup, one day over)',
      'setup',
      '2027-03-10',
      'DATE_NOT_IN_RANGE',
      DEPOSITS_MESSAGES.dateNotInRange,
    ],
    [
      'after the agreement end (modify)',
      'modify',
      '2026-06-01',
      'OUTSIDE_AGREEMENT_PERIOD',
      DEPOSITS_MESSAGES.outsidePeriod,
    ],
    ['over a month ahead (modify)', 'modify', '2026-04-11', 'DATE_NOT_IN_RANGE', DEPOSITS_MESSAGES.dateNotInRange],
    [
      'today, before the renewal starts',
      'renew',
      '2026-03-10',
      'OUTSIDE_AGREEMENT_PERIOD',
      DEPOSITS_MESSAGES.outsidePeriod,
    ],
    [
      'over a month after the renewal’s first day',
      'renew',
      '2027-05-02',
      'DATE_NOT_IN_RANGE',
      DEPOSITS_MESSAGES.dateNotInRange,
    ],
  ] as const)('refuses %s', (_, kind, date, code, message) => {
    const mode = kind === 'renew' ? 'modify' : kind;
    const period = kind === 'setup' ? setupPeriod : kind === 'renew' ? renewalPeriod : modifyPeriod;
    expect(checkContributionDate({ date: date as LocalDate | null, mode, today, period })).toEqual({
      code,
      field: 'contributionDate',
      message,
    });
  });

  it.each([
    ['today (setup)', 'setup', '2026-03-10'],
    ['a year less a day (setup)', 'setup', '2027-03-09'],
    ['the same day next month (modify)', 'modify', '2026-04-10'],
    ['the renewal’s first day', 'renew', '2027-04-01'],
    ['the same day the month after the renewal’s first day', 'renew', '2027-05-01'],
  ] as const)('accepts %s', (_, kind, date) => {
    const mode = kind === 'renew' ? 'modify' : kind;
    const period = kind === 'setup' ? setupPeriod : kind === 'renew' ? renewalPeriod : modifyPeriod;
    expect(checkContributionDate({ date: d(date), mode, today, period })).toBeNull();
  });
});

describe('checkBiMonthlyDates (3 §5)', () => {
  const check = (first: string | null, second: string | null, mode: 'setup' | 'modify' = 'setup') =>
    checkBiMonthlyDates({
      first: first as LocalDate | null,
      second: second as LocalDate | null,
      mode,
      today,
      period: mode === 'setup' ? setupPeriod : modifyPeriod,
    });
  it.each([
    [
      'first missing',
      null,
      '2026-03-25',
      'BI_MONTHLY_REQUIRED',
      'biMonthly1stDate',
      DEPOSITS_MESSAGES.biMonthlyRequired,
    ],
    [
      'second missing',
      '2026-03-12',
      null,
      'BI_MONTHLY_REQUIRED',
      'biMonthly2ndDate',
      DEPOSITS_MESSAGES.biMonthlyRequired,
    ],
    [
      'first in the past',
      '2026-03-09',
      '2026-03-25',
      'BI_MONTHLY_IN_PAST',
      'biMonthly1stDate',
      DEPOSITS_MESSAGES.biMonthlyInPast,
    ],
    [
      'first after the period',
      '2027-03-10',
      '2027-03-25',
      'BI_MONTHLY_OUTSIDE_PERIOD',
      'biMonthly1stDate',
      DEPOSITS_MESSAGES.biMonthlyFirstOutside,
    ],
    [
      'second after the period',
      '2027-03-01',
      '2027-03-20',
      'BI_MONTHLY_OUTSIDE_PERIOD',
      'biMonthly2ndDate',
      DEPOSITS_MESSAGES.biMonthlySecondOutside,
    ],
    [
      'second before the first',
      '2026-03-25',
      '2026-03-12',
      'BI_MONTHLY_ORDER',
      'biMonthly2ndDate',
      DEPOSITS_MESSAGES.biMonthlySecondNotAfter,
    ],
    [
      'same day of month',
      '2026-03-12',
      '2026-04-12',
      'BI_MONTHLY_SAME_DAY',
      'biMonthly2ndDate',
      DEPOSITS_MESSAGES.biMonthlySameDay,
    ],
    [
      'a month or more apart (setup)',
      '2026-03-12',
      '2026-04-13',
      'BI_MONTHLY_TOO_FAR_APART',
      'biMonthly2ndDate',
      DEPOSITS_MESSAGES.biMonthlyTooFarApart,
    ],
  ])('refuses %s', (_, first, second, code, field, message) => {
    expect(check(first, second)).toEqual({ code, field, message });
  });

  it('accepts the 12th and the 25th', () => expect(check('2026-03-12', '2026-03-25')).toBeNull());
  it('skips the distance check in modify', () => expect(check('2026-03-12', '2026-04-13', 'modify')).toBeNull());
});

describe('checkBiMonthlySelection and biMonthlyFirstDeposit (3 §4)', () => {
  const dates = { first: d('2026-03-12'), second: d('2026-03-25') };
  it.each([
    ['date 1 chosen', 1, null, true, '2026-03-12'],
    ['date 2 chosen', 2, null, true, '2026-03-25'],
    ['no choice, date equal to the second', null, '2026-03-25', true, '2026-03-25'],
    ['no choice, another date', null, '2026-03-14', false, '2026-03-14'],
    ['a choice of 3', 3, '2026-03-14', false, '2026-03-14'],
  ])('%s', (_, selected, date, ok, first) => {
    const input = { selected, date: date as LocalDate | null, ...dates };
    const refusal = checkBiMonthlySelection(input);
    expect(refusal === null).toBe(ok);
    if (!ok) expect(refusal!.message).toBe(DEPOSITS_MESSAGES.biMonthlySelection);
    expect(biMonthlyFirstDeposit(input)).toBe(first);
  });
});

describe('syncedBiMonthlyDates: split day 20 (3 §4)', () => {
  const current = { first: d('2026-03-05'), second: d('2026-03-25') };
  it.each([
    ['day 20 syncs the first date', 3, '2026-04-20', { first: '2026-04-20', second: '2026-03-25' }],
    ['day 21 syncs the second date', 3, '2026-04-21', { first: '2026-03-05', second: '2026-04-21' }],
    ['twice a month keeps both', 10, '2026-04-21', current],
  ])('%s', (_, frequency, date, expected) => {
    expect(syncedBiMonthlyDates(frequency, d(date), current)).toEqual(expected);
  });
});

describe('checkPaymentPreference (3 §5)', () => {
  const base = {
    showOptions: true,
    depositType: null as number | null,
    remitterName: null as string | null,
    remitterNumber: null as string | null,
    periodicalPaymentAccount: null as number | null,
    periodicalAccountIsMembers: false,
  };
  it.each([
    ['none chosen while shown', {}, 'PAYMENT_PREFERENCE_REQUIRED', DEPOSITS_MESSAGES.paymentPreference],
    ['an unknown type', { depositType: 4 }, 'PAYMENT_PREFERENCE_REQUIRED', DEPOSITS_MESSAGES.paymentPreference],
    [
      'payroll without a name',
      { depositType: 1, remitterNumber: '123' },
      'INVALID_PAYROLL_DEDUCTION',
      DEPOSITS_MESSAGES.payrollDeduction,
    ],
    [
      'payroll with a blank number',
      { depositType: 1, remitterName: 'Acme', remitterNumber: '  ' },
      'INVALID_PAYROLL_DEDUCTION',
      DEPOSITS_MESSAGES.payrollDeduction,
    ],
    [
      'periodical without an account',
      { depositType: 2 },
      'INVALID_PERIODICAL_PAYMENT',
      DEPOSITS_MESSAGES.periodicalPayment,
    ],
    [
      'periodical with account 0',
      { depositType: 2, periodicalPaymentAccount: 0, periodicalAccountIsMembers: true },
      'INVALID_PERIODICAL_PAYMENT',
      DEPOSITS_MESSAGES.periodicalPayment,
    ],
    [
      'periodical with another member’s account',
      { depositType: 2, periodicalPaymentAccount: 7 },
      'INVALID_PERIODICAL_PAYMENT',
      DEPOSITS_MESSAGES.periodicalPayment,
    ],
  ])('refuses %s', (_, change, code, message) => {
    expect(checkPaymentPreference({ ...base, ...change })).toMatchObject({ code, message });
  });
  it.each([
    ['none chosen while not shown', { showOptions: false }],
    ['payroll with name and number', { depositType: 1, remitterName: 'Acme', remitterNumber: '123' }],
    [
      'periodical with a member’s account',
      { depositType: 2, periodicalPaymentAccount: 7, periodicalAccountIsMembers: true },
    ],
  ])('accepts %s', (_, change) => {
    expect(checkPaymentPreference({ ...base, ...change })).toBeNull();
  });
});

describe('checkOverdrawChoice (3 §4, DOMAIN check 1)', () => {
  const base = {
    overdrawnWithinInitialDuration: true,
    durationDays: 56,
    choice: null as 'TopupNow' | 'RemoveBill' | null,
    topUpNeeded: cents(49_000),
    topupAccount: null as { id: number; availableBalance: ReturnType<typeof cents> } | null,
  };
  it.each([
    ['no choice', {}, 'OVERDRAW_CHOICE_REQUIRED', 'The Agreement may be overdrawn within its initial 8 week period.'],
    [
      'RemoveBill (save stays refused)',
      { choice: 'RemoveBill' },
      'REMOVE_BILL_REQUIRED',
      'The Agreement may be overdrawn within its initial 8 week period.',
    ],
    [
      'TopupNow without an account',
      { choice: 'TopupNow' },
      'TOPUP_ACCOUNT_REQUIRED',
      DEPOSITS_MESSAGES.topupAccountRequired,
    ],
    [
      'TopupNow with $489.99 available for $490.00',
      { choice: 'TopupNow', topupAccount: { id: 1, availableBalance: cents(48_999) } },
      'TOPUP_BALANCE_TOO_LOW',
      DEPOSITS_MESSAGES.topupBalanceTooLow,
    ],
  ] as const)('refuses %s', (_, change, code, message) => {
    expect(checkOverdrawChoice({ ...base, ...change })).toMatchObject({ code });
    expect(checkOverdrawChoice({ ...base, ...change })!.message).toContain(message);
  });
  it.each([
    ['not overdrawn within the duration', { overdrawnWithinInitialDuration: false }],
    [
      'TopupNow with exactly $490.00 available',
      { choice: 'TopupNow', topupAccount: { id: 1, availableBalance: cents(49_000) } },
    ],
  ] as const)('accepts %s', (_, change) => {
    expect(checkOverdrawChoice({ ...base, ...change })).toBeNull();
  });
});

describe('overdrawChoiceOf and durationInWeeks', () => {
  it.each([
    [true, false, 'TopupNow'],
    [false, true, 'RemoveBill'],
    [false, false, null],
    [true, true, null],
  ])('topup %s, remove %s → %s', (isTopupPerformed, isRemoveBillPerformed, choice) => {
    expect(overdrawChoiceOf({ isTopupPerformed, isRemoveBillPerformed })).toBe(choice);
  });
  it.each([
    [56, 8],
    [60, 8.6],
    [0, 0],
  ])('%i days are %s weeks', (days, weeks) => expect(durationInWeeks(days)).toBe(weeks));
});

describe('feeDisplay (spec 3 §2: a fee display)', () => {
  it.each([
    [null, 'No fee applies.'],
    [0, 'No fee applies.'],
    [250, 'A fee of $2.50 applies to each deposit.'],
    [123456, 'A fee of $1,234.56 applies to each deposit.'],
  ])('%s cents → %s', (fee, text) => {
    expect(feeDisplay(fee as Cents | null)).toBe(text);
  });
});

describe('transactionOccurrences and incorrectTransactionOccurrences (from the deposit schedule)', () => {
  const deposits = ['2027-03-10', '2027-03-24', '2027-04-07'] as LocalDate[];
  it('lists the schedule’s deposits as next transaction occurrences', () => {
    expect(transactionOccurrences(deposits)).toEqual(deposits.map((nextDate) => ({ nextDate })));
  });
  it.each([
    ['no bill before the first deposit', [{ key: 'biller:7', date: '2027-03-10' }], []],
    [
      'bills before the first deposit, billers (5) and sub-categories (4), by date',
      [
        { key: 'biller:7', date: '2027-03-09' },
        { key: 'subcategory:3', date: '2027-03-02' },
        { key: 'biller:8', date: '2027-04-01' },
      ],
      [
        { billingSourceId: 3, billingSource: 4, nextDate: '2027-03-02' },
        { billingSourceId: 7, billingSource: 5, nextDate: '2027-03-09' },
      ],
    ],
  ] as const)('%s', (_name, bills, expected) => {
    expect(incorrectTransactionOccurrences(bills as unknown as { key: string; date: LocalDate }[], deposits)).toEqual(
      expected,
    );
  });
});

describe('noMoreDepositsNote (rule "no more deposits": a modification whose balance covers the rest of the term)', () => {
  const END = '2026-12-31' as LocalDate;
  it.each([
    ['a modification saving 0.00', 'modify', 0, true],
    ['a modification with a deposit', 'modify', 1, false],
    ['a modification with no deposit worked out yet', 'modify', null, false],
    ['a new agreement at 0.00 (refused elsewhere)', 'setup', 0, false],
  ] as const)('%s', (_name, mode, amount, said) => {
    const note = noMoreDepositsNote(mode, amount === null ? null : cents(amount), END);
    expect(note).toBe(
      said
        ? 'No more deposits are needed: what the agreement holds covers its bills to its end on 31-12-2026. ' +
            'The deposits still scheduled stop when this change takes effect.'
        : null,
    );
  });
});

describe('noMoreDepositsNeeded (rule "no more deposits" in words: the deposits step, What’s next, the summary)', () => {
  it.each([
    ['an end at the end of a year', '2026-12-31', 'covers its bills to its end on 31-12-2026.'],
    ['an end early in a month', '2027-06-05', 'covers its bills to its end on 05-06-2027.'],
    ['an end on a leap day', '2028-02-29', 'covers its bills to its end on 29-02-2028.'],
  ] as const)('%s', (_name, endDate, tail) => {
    expect(noMoreDepositsNeeded(d(endDate))).toBe(`No more deposits are needed: what the agreement holds ${tail}`);
  });
});
