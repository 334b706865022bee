/**
 * A closing statement as the server answers it (`ClosingStatement`): agreement 12 cancelled on 20-11-2026, $300.00 paid
 * out, one bill still due. The closing statement card's and the manage agreement page's tests.
 */
export const CLOSING_STATEMENT = {
  __typename: 'ClosingStatement',
  agreementId: 12,
  cancelledOn: '2026-11-20',
  reason: 'The member asked to close it.',
  paidOut: '300.00',
  paidTo: '123456789',
  held: '0.00',
  resetAmount: null,
  message: '$300.00 was paid into account 123456789 on 20-11-2026.',
  balances: {
    __typename: 'ClosingBalances',
    allocation: '200.00',
    contingency: '50.00',
    rainyDay: '50.00',
    total: '300.00',
  },
  billsDue: [{ __typename: 'ClosingBillDue', billId: 4, payee: 'Water', dueDate: '2026-11-28', amount: '80.00' }],
};
