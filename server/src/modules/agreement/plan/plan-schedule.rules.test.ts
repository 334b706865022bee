import { describe, expect, it } from 'vitest';
import { ContributionFrequency } from '../../deposit/deposit-schedule.rules.js';
import { agreementFacts, d } from '../test-facts.js';
import {
  bankFirstDepositDay,
  chosenFirstDeposit,
  collectedDepositDates,
  firstDepositDate,
  onBankDays,
  scheduledDepositDates,
} from './plan-schedule.rules.js';

const twiceAMonth = {
  contributionFrequency: ContributionFrequency.BiMonthly,
  contributionDate: d('2026-01-05'),
  biMonthlyFirstDate: d('2026-01-05'),
  biMonthlySecondDate: d('2026-01-20'),
};

describe('firstDepositDate (the one rule for a version’s first deposit)', () => {
  it.each([
    ['the contribution date', {}, '2026-01-01'],
    ['the start date when none is chosen', { contributionDate: null }, '2026-01-01'],
    ['a change’s chosen next date', { contributionDate: d('2026-06-18') }, '2026-06-18'],
    ['the start date for a copied date before the period', { contributionDate: d('2025-11-01') }, '2026-01-01'],
    ['the start date for a date after the period', { contributionDate: d('2027-02-01') }, '2026-01-01'],
    ['twice a month: the first of the two dates chosen', { ...twiceAMonth, selectedContributionDate: 1 }, '2026-01-05'],
    [
      'twice a month: the second of the two dates chosen',
      { ...twiceAMonth, selectedContributionDate: 2 },
      '2026-01-20',
    ],
    [
      'twice a month, no choice: the contribution date',
      { ...twiceAMonth, selectedContributionDate: null },
      '2026-01-05',
    ],
  ])('%s', (_, change, expected) => {
    expect(firstDepositDate(agreementFacts(change))).toBe(expected);
  });

  it('keeps a chosen date outside the period as chosen (the deposits step refuses it there)', () => {
    expect(chosenFirstDeposit(agreementFacts({ contributionDate: d('2027-02-01') }))).toBe('2027-02-01');
  });
});

describe('scheduledDepositDates (the version’s schedule over its period)', () => {
  it('runs fortnightly from the first deposit to the end date', () => {
    const dates = scheduledDepositDates(agreementFacts({ contributionDate: d('2026-12-10') }));
    expect(dates).toEqual(['2026-12-10', '2026-12-24']);
  });

  it('starts twice a month on the chosen second date', () => {
    const dates = scheduledDepositDates(
      agreementFacts({ ...twiceAMonth, endDate: d('2026-02-28'), selectedContributionDate: 2 }),
    );
    expect(dates).toEqual(['2026-01-20', '2026-02-05', '2026-02-20']);
  });

  it('has no dates when twice a month lacks its two dates, or the frequency is unknown', () => {
    expect(scheduledDepositDates(agreementFacts({ ...twiceAMonth, biMonthlySecondDate: null }))).toEqual([]);
    expect(scheduledDepositDates(agreementFacts({ contributionFrequency: 99 }))).toEqual([]);
  });
});

describe('bankFirstDepositDay (rule "the bank’s first day for a deposit")', () => {
  it.each([
    ['today before today’s deposits step ran', false, '2026-11-30'],
    ['tomorrow once today’s deposits step ran', true, '2026-12-01'],
  ])('%s', (_, taken, expected) => {
    expect(bankFirstDepositDay(d('2026-11-30'), taken)).toBe(expected);
  });
});

describe('onBankDays (a schedule written today, on the bank’s days)', () => {
  it.each([
    ['keeps a schedule from the first day', ['2026-11-30', '2026-12-14'], '2026-11-30', ['2026-11-30', '2026-12-14']],
    [
      'moves a first deposit dated today to tomorrow, the rest as agreed',
      ['2026-11-30', '2026-12-14', '2026-12-28'],
      '2026-12-01',
      ['2026-12-01', '2026-12-14', '2026-12-28'],
    ],
    [
      'merges deposits before the first day into one on it',
      ['2026-11-29', '2026-11-30', '2026-12-07'],
      '2026-12-01',
      ['2026-12-01', '2026-12-07'],
    ],
    ['keeps one already on the first day once', ['2026-11-30', '2026-12-01'], '2026-12-01', ['2026-12-01']],
    ['keeps a schedule starting later', ['2027-01-05'], '2026-12-01', ['2027-01-05']],
    ['keeps none', [], '2026-12-01', []],
  ])('%s', (_, dates, firstDay, expected) => {
    expect(onBankDays(dates.map(d), d(firstDay))).toEqual(expected);
  });
});

describe('collectedDepositDates (the deposits a version applied collects: its schedule and its stored plan)', () => {
  const weekly = ['2026-11-23', '2026-11-30', '2026-12-07', '2026-12-14'];
  it.each([
    ['from the day it takes effect', weekly, '2026-11-30', [], ['2026-11-30', '2026-12-07', '2026-12-14']],
    [
      'today’s deposits step ran: a deposit of today is tomorrow’s, the rest as agreed',
      weekly,
      '2026-12-01',
      [],
      ['2026-12-01', '2026-12-07', '2026-12-14'],
    ],
    [
      'the version in force’s deposit of today taken (held): not collected, not moved to tomorrow',
      weekly,
      '2026-12-01',
      ['2026-11-30'],
      ['2026-12-07', '2026-12-14'],
    ],
    [
      'held before the step ran: left out, the rest kept',
      weekly,
      '2026-11-30',
      ['2026-11-30'],
      ['2026-12-07', '2026-12-14'],
    ],
    [
      'a deposit moved onto a held date is left out',
      ['2026-11-30', '2026-12-02'],
      '2026-12-01',
      ['2026-12-01'],
      ['2026-12-02'],
    ],
    ['none', [], '2026-12-01', [], []],
  ])('%s', (_, dates, firstDay, held, expected) => {
    expect(collectedDepositDates(dates.map(d), d('2026-11-30'), d(firstDay), held.map(d))).toEqual(expected);
  });
});
