import { describe, expect, it } from 'vitest';
import { arrearsSentences, type ArrearsFacts } from './arrears-messages';

const JACK: ArrearsFacts = {
  amount: '2144.00',
  since: '2026-11-06',
  missedDeposits: 2,
  clearingDeposit: { date: '2026-12-04', amount: '3216.00' },
  payIntoAccount: '20000002',
};

describe('arrearsSentences (the arrears banner in words)', () => {
  it.each([
    [
      'the member: how much, since when, the clearing deposit, the account and the catch-up',
      JACK,
      false,
      [
        'You owe $2,144.00: 2 missed deposits since 06-11-2026.',
        'A deposit of $3,216.00 on 04-12-2026 (your next deposit and all that is owed) clears it.',
        'Pay into account 20000002, or catch up now from one of your linked accounts.',
      ],
    ],
    [
      'staff read about the member',
      JACK,
      true,
      [
        'The member owes $2,144.00: 2 missed deposits since 06-11-2026.',
        'A deposit of $3,216.00 on 04-12-2026 (the next deposit and all that is owed) clears it.',
        'Deposits go into account 20000002.',
      ],
    ],
    [
      'one deposit, none still to come, no account known',
      { amount: '1072.00', since: '2026-11-20', missedDeposits: 1, clearingDeposit: null, payIntoAccount: null },
      false,
      ['You owe $1,072.00: 1 missed deposit since 20-11-2026.'],
    ],
  ])('%s', (_case, arrears, isStaff, sentences) => {
    expect(arrearsSentences(arrears, isStaff)).toEqual(sentences);
  });
});
