import { describe, expect, it } from 'vitest';
import {
  HARDSHIP_SITUATION_MAX,
  hardshipPath,
  serverErrors,
  termsInput,
  validateArrangement,
  validateRequest,
  type HardshipValues,
} from './hardship-form';

describe('validateRequest: the member’s form is sent only when it would be accepted as typed', () => {
  it.each<[string, HardshipValues, Record<string, string>]>([
    ['words and no change', { situation: 'My hours were cut.', kind: 'None' }, {}],
    ['no words', { situation: '  ', kind: 'None' }, { situation: 'Please tell us a little about what is going on.' }],
    [
      'too many words',
      { situation: 'x'.repeat(HARDSHIP_SITUATION_MAX + 1), kind: 'None' },
      { situation: `Please keep it to ${HARDSHIP_SITUATION_MAX} characters (it has ${HARDSHIP_SITUATION_MAX + 1}).` },
    ],
    [
      'a holiday of one month',
      { situation: 'Hours cut', kind: 'DepositHoliday', from: '2026-12-01', until: '2026-12-31' },
      {},
    ],
    [
      'a holiday over a month',
      { situation: 'Hours cut', kind: 'DepositHoliday', from: '2026-12-01', until: '2027-01-01' },
      { until: 'A deposit holiday can last at most one month: end it by 31-12-2026.' },
    ],
    [
      'a holiday without dates',
      { situation: 'Hours cut', kind: 'DepositHoliday' },
      { from: 'Choose the first day of the deposit holiday.', until: 'Choose the last day of the deposit holiday.' },
    ],
    [
      'a holiday ending before it starts',
      { situation: 'Hours cut', kind: 'DepositHoliday', from: '2026-12-10', until: '2026-12-01' },
      { until: 'The deposit holiday must end on or after the day it starts.' },
    ],
    [
      'a date half typed',
      { situation: 'Hours cut', kind: 'DepositHoliday', from: '01-12', until: '2026-12-01' },
      { from: 'The start must be a date written YYYY-MM-DD.' },
    ],
    ['a lower deposit', { situation: 'Hours cut', kind: 'LowerDeposit', amount: '$45.50', until: '2027-01-31' }, {}],
    [
      'a lower deposit of nothing',
      { situation: 'Hours cut', kind: 'LowerDeposit', amount: '0', until: '2027-01-31' },
      { amount: 'The lower deposit must be more than $0.00: for no deposits at all, ask for a deposit holiday.' },
    ],
    [
      'a lower deposit in words',
      { situation: 'Hours cut', kind: 'LowerDeposit', amount: 'fifty', until: '2027-01-31' },
      { amount: 'Enter the amount as dollars and cents, for example 45.00.' },
    ],
    [
      'a lower deposit without an end',
      { situation: 'Hours cut', kind: 'LowerDeposit', amount: '45' },
      { until: 'Choose the date the lower deposit ends.' },
    ],
  ])('%s', (_name, values, errors) => {
    expect(validateRequest(values)).toEqual(errors);
  });
});

describe('validateArrangement: staff say what was agreed, with a note', () => {
  it('needs a note', () => {
    expect(validateArrangement({ kind: 'None', note: ' ' })).toEqual({
      note: 'Please add a note saying what was agreed with the member.',
    });
    expect(validateArrangement({ kind: 'None', note: 'Referred to counselling.' })).toEqual({});
  });
});

describe('termsInput, serverErrors, hardshipPath', () => {
  it('sends only what the kind uses, trimmed, without a dollar sign', () => {
    expect(termsInput({ kind: 'LowerDeposit', from: '2026-12-01', until: ' 2027-01-31 ', amount: ' $45.00' })).toEqual({
      kind: 'LowerDeposit',
      from: null,
      until: '2027-01-31',
      amount: '45.00',
    });
    expect(termsInput({ kind: 'None', from: '2026-12-01', until: '2026-12-31', amount: '1' })).toEqual({
      kind: 'None',
      from: null,
      until: null,
      amount: null,
    });
    expect(termsInput({ kind: 'DepositHoliday', from: '2026-12-01', until: '2026-12-31' })).toMatchObject({
      from: '2026-12-01',
      until: '2026-12-31',
    });
  });

  it('puts the server’s refusals under their fields, and the rest on the form', () => {
    expect(
      serverErrors(
        [
          { field: 'amount', message: 'The lower deposit must be less than your deposit now ($120.00).' },
          { field: null, message: 'You already have a request for help open on this account.' },
        ],
        'FORM',
      ),
    ).toEqual({
      amount: 'The lower deposit must be less than your deposit now ($120.00).',
      FORM: 'You already have a request for help open on this account.',
    });
  });

  it('leads to the account’s request for help', () => {
    expect(hardshipPath(42, 7)).toBe('/member/42/account/7/member/hardship');
  });
});
