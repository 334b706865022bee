import { describe, expect, it } from 'vitest';
import { breakdownAddsUp, choiceOf, withChoice, withDatesCleared, type DepositsDraft } from './deposits-form';

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
  it('clears the contribution and bi-monthly dates (going back in modify mode)', () => {
    expect(withDatesCleared(draft)).toMatchObject({
      contributionDate: null,
      biMonthly1stDate: null,
      biMonthly2ndDate: null,
      contributionFrequency: 2,
    });
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

  it.each([
    [['30.00', '7.04'], '37.04', true],
    [['30.00', '7.03'], '37.04', false],
    [['40.00', '-2.96'], '37.04', true],
  ])('breakdown %j adds up to %s: %s', (amounts, deposit, ok) => {
    expect(
      breakdownAddsUp(
        amounts.map((amount) => ({ amount })),
        deposit,
      ),
    ).toBe(ok);
  });
});
