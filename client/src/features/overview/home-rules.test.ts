import { describe, expect, it } from 'vitest';
import { verdictWords } from './home-rules';

const short = {
  onTrack: false,
  until: '2027-06-30',
  firstShortDate: '2026-12-03',
  firstShortfall: '50.00',
  lowestPoint: { date: '2026-12-03', balance: '-50.00' },
  topUpToAvoid: '50.00',
  depositToAvoid: null,
  beyondApprovedOverdraw: false,
};

describe('verdictWords (the overview’s and the graphs page’s forecast sentence)', () => {
  it.each([
    [
      'no agreement',
      null,
      'unknown',
      'No forecast yet',
      ['There is no forecast for this account until its agreement is set up.'],
    ],
    [
      'on track',
      { onTrack: true, until: '2027-06-30', beyondApprovedOverdraw: false },
      'onTrack',
      'On track',
      ['The balance is forecast to stay at or above zero until the agreement ends on 30-06-2027.'],
    ],
    [
      'short, lowest on the first short day',
      short,
      'short',
      'Goes short by $50.00 on 03-12-2026',
      ['To avoid it, top up $50.00 today.'],
    ],
    [
      'short, deeper later, a deposit would do, beyond the approved overdraw',
      {
        ...short,
        lowestPoint: { date: '2027-01-10', balance: '-5200.00' },
        topUpToAvoid: '5200.00',
        depositToAvoid: '140.25',
        beyondApprovedOverdraw: true,
      },
      'short',
      'Goes short by $50.00 on 03-12-2026',
      [
        'At its lowest, on 10-01-2027, it is $5,200.00 short.',
        'That is beyond the approved overdraw: bill payments would need a manager’s approval.',
        'To avoid it, top up $5,200.00 today, or raise each deposit to $140.25.',
      ],
    ],
  ] as const)('%s', (_, verdict, tone, headline, details) => {
    expect(verdictWords(verdict)).toEqual({ tone, headline, details });
  });
});
