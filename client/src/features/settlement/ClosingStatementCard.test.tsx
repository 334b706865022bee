// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ClosingStatementDocument } from '../../gql/graphql';
import { renderRoutes, wholeDatesIn, wholeText } from '../../test-utils';
import { ClosingStatementCard } from './ClosingStatementCard';
import { CLOSING_STATEMENT } from './test-support';

afterEach(cleanup);

const statement = CLOSING_STATEMENT;

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
