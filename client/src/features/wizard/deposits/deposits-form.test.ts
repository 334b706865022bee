import { CombinedGraphQLErrors } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { choiceOf, depositsSaveFailure, withChoice, withRemembered, type DepositsDraft } from './deposits-form';

const draft: DepositsDraft = {
  contributionFrequency: 2,
  contributionAmount: null,
  contributionDate: '2027-03-02',
  biMonthly1stDate: '2027-03-02',
  biMonthly2ndDate: '2027-03-16',
  selectedContributionDate: null,
  depositType: 1,
  remitterName: 'Acme',
  remitterNumber: '1',
  periodicalPaymentAccount: null,
  isTopupPerformed: false,
  isRemoveBillPerformed: false,
  topupAccount: null,
};

describe('deposits form', () => {
  it('keeps what was entered before going back, but not the overdraw choice (issue 26 item 7)', () => {
    const stored = { ...draft, contributionDate: '2027-04-01', biMonthly1stDate: null, biMonthly2ndDate: null };
    const entered = { ...draft, contributionDate: '2027-03-09', isTopupPerformed: true, topupAccount: 5 };
    expect(withRemembered(stored, entered)).toEqual({
      ...draft,
      contributionDate: '2027-03-09',
      isTopupPerformed: false,
      topupAccount: null,
    });
    expect(withRemembered(stored, null)).toBe(stored);
  });

  it.each([
    ['TopupNow', true, false],
    ['RemoveBill', false, true],
    [null, false, false],
  ] as const)('the overdraw choice %s', (choice, topup, remove) => {
    const chosen = withChoice(draft, choice);
    expect(chosen).toMatchObject({ isTopupPerformed: topup, isRemoveBillPerformed: remove });
    expect(choiceOf(chosen)).toBe(choice);
  });
});

describe('depositsSaveFailure (spec 1 §8, 3 §8: the save-deposits failure)', () => {
  it.each<[string, unknown, string]>([
    ['no answer', undefined, 'Error: The contract could not be activated.'],
    ['a network failure', new Error('Failed to fetch'), 'Error: The contract could not be activated.'],
    [
      'the server’s own message',
      new CombinedGraphQLErrors({ errors: [{ message: 'This agreement is no longer open in the wizard.' }] }),
      'This agreement is no longer open in the wizard.',
    ],
  ])('%s → %s', (_name, caught, message) => {
    expect(depositsSaveFailure(caught)).toBe(message);
  });
});
