// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ClosingStatementDocument } from '../../gql/graphql';
import { renderRoutes, wholeDatesIn, wholeText } from '../../test-utils';
import { ClosingStatementCard } from './ClosingStatementCard';

afterEach(cleanup);

const statement = {
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

describe('ClosingStatementCard', () => {
  it('keeps the dates of its sentences and of the bills due on one line at phone width', async () => {
    renderRoutes([{ path: '/', element: <ClosingStatementCard memberId={42} accountId={7} isStaff={false} /> }], '/', [
      {
        request: { query: ClosingStatementDocument, variables: { accountId: 7 } },
        result: { data: { closingStatement: { __typename: 'ClosingStatementResult', statement } } },
      },
    ]);
    const cancelled = await screen.findByText(
      wholeText('Agreement 12 was cancelled on 20-11-2026: The member asked to close it.'),
    );
    expect(wholeDatesIn(cancelled)).toEqual(['20-11-2026']);
    expect(wholeDatesIn(screen.getByTestId('closing-statement-message'))).toEqual(['20-11-2026']);
    const due = within(screen.getByRole('table')).getByText('28-11-2026');
    expect(getComputedStyle(due).whiteSpace).toBe('nowrap');
  });
});
