import { describe, expect, it } from 'vitest';
import { draftFromStep } from './deposits-draft.rules.js';

const stored = {
  contributionFrequency: 2,
  contributionDate: '2026-12-03',
  biMonthly1stDate: null,
  biMonthly2ndDate: null,
  selectedContributionDate: null,
  depositType: 2,
  remitterName: null,
  remitterNumber: null,
  periodicalPaymentAccount: 7,
  isTopupPerformed: false,
  isRemoveBillPerformed: false,
  topupAccount: null,
};

describe('draftFromStep (rule "the draft as the server answered the step")', () => {
  it.each([
    ['a fortnightly periodical payment', stored],
    [
      'twice a month from the second date, with a top-up',
      {
        ...stored,
        contributionFrequency: 10,
        biMonthly1stDate: '2026-12-01',
        biMonthly2ndDate: '2026-12-15',
        selectedContributionDate: 2,
        isTopupPerformed: true,
        topupAccount: 4,
      },
    ],
  ])('%s: the stored values, the deposit left to the chosen option', (_name, values) => {
    expect(draftFromStep(values)).toEqual({ ...values, contributionAmount: null });
  });

  it('carries none of the step’s other fields (the server’s figures and words are not sent back)', () => {
    const step = { ...stored, __typename: 'DepositsView', contractId: 5, topupAmount: '10.00', fee: null };
    expect(Object.keys(draftFromStep(step)).sort()).toEqual([...Object.keys(stored), 'contributionAmount'].sort());
  });
});
