import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.js';
import type { LocalDate } from '../local-date.js';
import { cents, type Cents } from '../money.js';
import {
  checkHardshipNote,
  checkHardshipTerms,
  checkSituation,
  HARDSHIP_NOTE_MAX,
  HARDSHIP_SITUATION_MAX,
  hardshipTermsWords,
  hardshipTransition,
  HardshipRequestKind as K,
  HardshipStatus as S,
  isHardshipActive,
  latestHolidayEnd,
  type HardshipAction,
  type HardshipTermsInput,
} from './hardship.rules.js';

const d = (text: string) => text as LocalDate;
const facts = { today: d('2026-11-28'), currentDeposit: cents(12000), termEnd: d('2027-03-31') };

function codeOf(work: () => unknown): string | null {
  try {
    work();
    return null;
  } catch (error) {
    if (error instanceof DomainError) return `${error.code}/${error.field ?? ''}`;
    throw error;
  }
}

describe('checkHardshipTerms: what a member may ask for, and staff may arrange', () => {
  const holiday = (from: string | null, until: string | null): HardshipTermsInput => ({
    kind: K.DepositHoliday,
    from: from === null ? null : d(from),
    until: until === null ? null : d(until),
  });
  const lower = (amount: number | null, until: string | null): HardshipTermsInput => ({
    kind: K.LowerDeposit,
    amount: amount === null ? null : (amount as Cents),
    until: until === null ? null : d(until),
  });

  it.each<[string, HardshipTermsInput, string | null]>([
    ['no change is always allowed', { kind: K.None }, null],
    ['an unknown kind is refused', { kind: 'Forgiveness' }, 'UNKNOWN_KIND/kind'],
    ['a missing kind is refused', { kind: null }, 'UNKNOWN_KIND/kind'],
    ['a holiday of exactly one month (1 Dec to 31 Dec)', holiday('2026-12-01', '2026-12-31'), null],
    ['a holiday of one day, today', holiday('2026-11-28', '2026-11-28'), null],
    ['a holiday one day over a month', holiday('2026-12-01', '2027-01-01'), 'HOLIDAY_TOO_LONG/until'],
    ['a holiday from 31 Jan ends by 27 Feb (the month clamps)', holiday('2027-01-31', '2027-02-27'), null],
    ['a holiday from 31 Jan to 28 Feb is over a month', holiday('2027-01-31', '2027-02-28'), 'HOLIDAY_TOO_LONG/until'],
    ['a holiday without a start', holiday(null, '2026-12-10'), 'REQUIRED/from'],
    ['a holiday without an end', holiday('2026-12-01', null), 'REQUIRED/until'],
    ['a holiday starting yesterday', holiday('2026-11-27', '2026-12-10'), 'IN_PAST/from'],
    ['a holiday ending before it starts', holiday('2026-12-10', '2026-12-01'), 'UNTIL_BEFORE_FROM/until'],
    ['a holiday ending after the term', holiday('2027-03-15', '2027-04-01'), 'BEYOND_TERM/until'],
    ['a holiday ending on the term’s last day', holiday('2027-03-15', '2027-03-31'), null],
    ['a lower deposit a cent below the deposit now', lower(11999, '2027-01-31'), null],
    ['a lower deposit equal to the deposit now', lower(12000, '2027-01-31'), 'AMOUNT_NOT_LOWER/amount'],
    ['a lower deposit above the deposit now', lower(15000, '2027-01-31'), 'AMOUNT_NOT_LOWER/amount'],
    ['a lower deposit of $0 (a holiday instead)', lower(0, '2027-01-31'), 'AMOUNT_NOT_POSITIVE/amount'],
    ['a lower deposit below $0', lower(-100, '2027-01-31'), 'AMOUNT_NOT_POSITIVE/amount'],
    ['a lower deposit without an amount', lower(null, '2027-01-31'), 'REQUIRED/amount'],
    ['a lower deposit without an end', lower(5000, null), 'REQUIRED/until'],
    ['a lower deposit ending today', lower(5000, '2026-11-28'), 'IN_PAST/until'],
    ['a lower deposit until the term’s last day', lower(5000, '2027-03-31'), null],
    ['a lower deposit beyond the term', lower(5000, '2027-04-01'), 'BEYOND_TERM/until'],
  ])('%s', (_name, input, expected) => {
    expect(codeOf(() => checkHardshipTerms(input, facts))).toBe(expected);
  });

  it('answers the terms as stored: a lower deposit runs from today', () => {
    expect(checkHardshipTerms(lower(5000, '2027-01-31'), facts)).toEqual({
      kind: K.LowerDeposit,
      from: '2026-11-28',
      until: '2027-01-31',
      amount: 5000,
    });
    expect(checkHardshipTerms({ kind: K.None, from: d('2026-12-01'), amount: cents(5) }, facts)).toEqual({
      kind: K.None,
      from: null,
      until: null,
      amount: null,
    });
  });

  it('says the latest end of a holiday in its refusal', () => {
    expect(() => checkHardshipTerms(holiday('2026-12-01', '2027-01-05'), facts)).toThrow('must end by 31-12-2026');
    expect(latestHolidayEnd(d('2026-12-01'))).toBe('2026-12-31');
  });
});

describe('hardshipTransition: the case’s life', () => {
  it.each<[S | null, HardshipAction, S | string]>([
    [null, 'open', S.Open],
    [S.Closed, 'open', S.Open],
    [S.Open, 'open', 'CASE_ALREADY_OPEN'],
    [S.Arranged, 'open', 'CASE_ALREADY_OPEN'],
    [S.Open, 'arrange', S.Arranged],
    [S.Arranged, 'arrange', S.Arranged],
    [S.Closed, 'arrange', 'CASE_CLOSED'],
    [null, 'arrange', 'NO_OPEN_CASE'],
    [S.Open, 'close', S.Closed],
    [S.Arranged, 'close', S.Closed],
    [S.Closed, 'close', 'CASE_CLOSED'],
    [null, 'close', 'NO_OPEN_CASE'],
  ])('from %s, %s gives %s', (current, action, expected) => {
    let outcome: S | string;
    try {
      outcome = hardshipTransition(current, action);
    } catch (error) {
      outcome = (error as DomainError).code;
    }
    expect(outcome).toBe(expected);
  });

  it.each([
    [S.Open, true],
    [S.Arranged, true],
    [S.Closed, false],
    [null, false],
  ])('a case %s pauses follow-up: %s', (status, active) => {
    expect(isHardshipActive(status)).toBe(active);
  });
});

describe('the texts people type', () => {
  it.each<[string | null, string | null]>([
    ['  My hours were cut.  ', null],
    ['', 'REQUIRED/situation'],
    ['   ', 'REQUIRED/situation'],
    [null, 'REQUIRED/situation'],
    ['x'.repeat(HARDSHIP_SITUATION_MAX), null],
    ['x'.repeat(HARDSHIP_SITUATION_MAX + 1), 'TOO_LONG/situation'],
  ])('situation %j', (text, expected) => {
    expect(codeOf(() => checkSituation(text))).toBe(expected);
  });

  it('trims the situation', () => expect(checkSituation('  My hours were cut.  ')).toBe('My hours were cut.'));

  it.each<[string | null, string | null]>([
    ['Holiday agreed on the phone.', null],
    [' ', 'REQUIRED/note'],
    ['x'.repeat(HARDSHIP_NOTE_MAX + 1), 'TOO_LONG/note'],
  ])('note %j', (text, expected) => {
    expect(codeOf(() => checkHardshipNote(text))).toBe(expected);
  });
});

describe('hardshipTermsWords', () => {
  it.each([
    [{ kind: K.None, from: null, until: null, amount: null }, 'no change to the deposits'],
    [
      { kind: K.DepositHoliday, from: d('2026-12-01'), until: d('2026-12-31'), amount: null },
      'a deposit holiday from 01-12-2026 to 31-12-2026, re-spread over the rest of the term',
    ],
    [
      { kind: K.LowerDeposit, from: d('2026-11-28'), until: d('2027-01-31'), amount: cents(5000) },
      'a lower deposit of $50.00 until 31-01-2027, the difference spread over the rest of the term',
    ],
  ])('%o reads %s', (terms, words) => expect(hardshipTermsWords(terms)).toBe(words));
});
