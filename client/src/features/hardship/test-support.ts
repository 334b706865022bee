import type { HardshipCaseFieldsFragment } from '../../gql/graphql';

/** A hardship case arranged with a lower deposit, as the server answers it (the hardship and overview tests). */
export const ARRANGED_HARDSHIP_CASE: HardshipCaseFieldsFragment = {
  __typename: 'HardshipCase',
  caseId: 3,
  accountId: 7,
  agreementId: 907,
  status: 'Arranged',
  statusLabel: 'Arranged',
  situation: 'Hours cut.',
  openedAt: '2026-11-28T01:00:00.000Z',
  request: {
    __typename: 'HardshipTerms',
    kind: 'None',
    from: null,
    until: null,
    amount: null,
    words: 'no change to the deposits',
  },
  arrangement: {
    __typename: 'HardshipTerms',
    kind: 'LowerDeposit',
    from: '2026-11-28',
    until: '2027-01-31',
    amount: '50.00',
    words: 'a lower deposit of $50.00 until 31-01-2027',
  },
  arrangementNote: 'Agreed.',
  arrangedAt: '2026-11-28T02:00:00.000Z',
  arrangedBy: null,
  closeNote: null,
  closedAt: null,
  followUpPaused: true,
  counsellingNote: null,
  deposits: [],
};
