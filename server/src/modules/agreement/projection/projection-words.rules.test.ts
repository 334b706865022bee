import { describe, expect, it } from 'vitest';
import type { LocalDate } from '../../../shared/local-date.js';
import { cents } from '../../../shared/money.js';
import { BillStatus } from '../../bill/bill-status.rules.js';
import { forecastSummaryLines, noNextDepositWords, verdictWords } from './projection-words.rules.js';
import type { DueBill, ProjectedForecast } from './projection.rules.js';

const d = (text: string) => text as LocalDate;

const onTrack: ProjectedForecast = {
  from: d('2026-11-23'),
  until: d('2027-06-30'),
  points: [{ date: d('2026-11-23'), balance: cents(10_000) }],
  lowestPoint: { date: d('2026-11-23'), balance: cents(10_000) },
  firstShortDate: null,
  firstShortfall: null,
  shortBill: null,
  topUpToAvoid: null,
  depositToAvoid: null,
  approvedOverdraw: cents(500_000),
  beyondApprovedOverdraw: false,
  askedAgain: null,
};

const gas: DueBill = {
  billId: 7,
  billerKey: 'biller:3',
  billerName: 'Gas',
  dueDate: d('2026-12-03'),
  amount: cents(18_500),
  status: BillStatus.Upcoming,
  overdue: false,
  onHold: false,
  isAutoPayment: true,
  isSubCategory: false,
  isReimbursement: false,
};

const short: ProjectedForecast = {
  ...onTrack,
  lowestPoint: { date: d('2026-12-03'), balance: cents(-5_000) },
  firstShortDate: d('2026-12-03'),
  firstShortfall: cents(5_000),
  shortBill: gas,
  topUpToAvoid: cents(5_000),
};

describe('verdictWords (the forecast’s sentence on the overview, the graphs page and for staff)', () => {
  it.each([
    [
      'no agreement running',
      null,
      false,
      'unknown',
      'No forecast',
      ['There is no forecast for this account: it has no agreement running.'],
    ],
    [
      'on track',
      onTrack,
      false,
      'onTrack',
      'On track',
      ['The balance is forecast to stay at or above zero until the agreement ends on 30-06-2027.'],
    ],
    [
      'short, lowest on the first short day, with the bill that takes it short',
      short,
      false,
      'short',
      'Goes short by $50.00 on 03-12-2026',
      ['Gas ($185.00, due 03-12-2026) takes it short.', 'To avoid it, top up $50.00 today.'],
    ],
    [
      'short by an overdue bill, deeper later, a deposit would do, beyond the approved overdraw',
      {
        ...short,
        shortBill: { ...gas, overdue: true, dueDate: d('2026-11-20'), status: BillStatus.Overdue },
        lowestPoint: { date: d('2027-01-10'), balance: cents(-520_000) },
        topUpToAvoid: cents(520_000),
        depositToAvoid: cents(14_025),
        beyondApprovedOverdraw: true,
      },
      false,
      'short',
      'Goes short by $50.00 on 03-12-2026',
      [
        'Gas ($185.00, overdue since 20-11-2026) takes it short.',
        'At its lowest, on 10-01-2027, it is $5,200.00 short.',
        'That is beyond the approved overdraw: bill payments would need a manager’s approval.',
        'To avoid it, top up $5,200.00 today, or raise each deposit to $140.25.',
      ],
    ],
    [
      'on track counting on a missed deposit asked for again tonight (the demo’s member in arrears)',
      { ...onTrack, askedAgain: { amount: cents(108_700), since: d('2026-11-25'), missedDeposits: 1 } },
      false,
      'onTrack',
      'On track',
      [
        'The balance is forecast to stay at or above zero until the agreement ends on 30-06-2027.',
        'It counts on the missed deposit of $1,087.00 due on 25-11-2026 arriving tonight: the bank asks for it again each night until it arrives.',
      ],
    ],
    [
      'short later, counting on two missed deposits asked for again tonight: said first',
      { ...short, askedAgain: { amount: cents(150_000), since: d('2026-11-11'), missedDeposits: 2 } },
      false,
      'short',
      'Goes short by $50.00 on 03-12-2026',
      [
        'It counts on the $1,500.00 still owed of 2 missed deposits (since 11-11-2026) arriving tonight: the bank asks for them again each night until they arrive.',
        'Gas ($185.00, due 03-12-2026) takes it short.',
        'To avoid it, top up $50.00 today.',
      ],
    ],
    [
      'a resigned membership, whatever the forecast (issue 25, seen 3: no green forecast)',
      onTrack,
      true,
      'suspended',
      'Suspended',
      ['Activity on this agreement is suspended because the membership has been resigned.'],
    ],
  ] as const)('%s', (_, forecast, resigned, tone, headline, details) => {
    expect(verdictWords(forecast, resigned)).toEqual({ tone, headline, details });
  });
});

describe('forecastSummaryLines (the graphs page’s forecast in words)', () => {
  it('names the lowest point and the first date it would go short', () => {
    expect(
      forecastSummaryLines({
        lowestPoint: { date: d('2026-05-01'), balance: cents(-12_000) },
        firstDateBelowZero: d('2026-04-20'),
        firstDateBelowOverdrawLimit: null,
      }),
    ).toEqual(['Lowest point: -$120.00 on 01-05-2026.', 'First date the balance would go short: 20-04-2026.']);
  });

  it('says when the balance never goes short, and when it goes below the overdraw limit', () => {
    expect(
      forecastSummaryLines({ lowestPoint: null, firstDateBelowZero: null, firstDateBelowOverdrawLimit: null }),
    ).toEqual(['The balance is not expected to go short before the end date.']);
    expect(
      forecastSummaryLines({
        lowestPoint: null,
        firstDateBelowZero: d('2026-04-20'),
        firstDateBelowOverdrawLimit: d('2026-06-01'),
      })[1],
    ).toBe('First date below the overdraw limit: 01-06-2026.');
  });
});

describe('noNextDepositWords (What’s next without a deposit still to come)', () => {
  it.each([
    ['a deposit still to come: nothing to say', { date: d('2026-12-01'), amount: cents(5_000) }, onTrack, null],
    [
      'none, and the balance covers the bills to the end (a 0.00 modification in the last weeks)',
      null,
      onTrack,
      'No more deposits are needed: what the agreement holds covers its bills to its end on 30-06-2027.',
    ],
    ['none, and it goes short', null, short, 'No more deposits are scheduled before the agreement ends on 30-06-2027.'],
    ['no forecast (ended)', null, null, 'No deposit is scheduled.'],
  ] as const)('%s', (_name, next, forecast, words) => {
    expect(noNextDepositWords(next, forecast)).toBe(words);
  });
});
